import path from 'node:path';
import { PROJECT_ROOT } from './config.ts';
import type { Db } from './db/client.ts';
import { BlogService } from './modules/blog/service.ts';
import { CatalogueService } from './modules/catalogue/service.ts';

/** The domain services, created once per process and shared by the API and the page loaders. */
// A type alias, not an interface, so it fits React Router's index-signed AppLoadContext.
export type Services = {
  catalogue: CatalogueService;
  blog: BlogService;
};

export function createServices(db: Db): Services {
  return {
    catalogue: new CatalogueService(db),
    blog: new BlogService(path.join(PROJECT_ROOT, 'content/blog')),
  };
}
