import path from 'node:path';
import { PROJECT_ROOT, type Config } from './config.ts';
import type { Db } from './db/client.ts';
import { BlogService } from './modules/blog/service.ts';
import { CartService } from './modules/cart/service.ts';
import { CatalogueService } from './modules/catalogue/service.ts';
import { ContactService } from './modules/contact/service.ts';
import { MailSender } from './modules/mail/outbox.ts';
import { OrderService } from './modules/orders/service.ts';
import { SessionService } from './modules/session/service.ts';

/** The domain services, created once per process and shared by the API and the page loaders. */
// A type alias, not an interface, so it fits React Router's index-signed AppLoadContext.
export type Services = {
  catalogue: CatalogueService;
  blog: BlogService;
  sessions: SessionService;
  cart: CartService;
  orders: OrderService;
  contact: ContactService;
  /** Started by main.ts; tests start it when they check delivery. */
  mail: MailSender;
};

export function createServices(db: Db, config: Config, log?: { warn: (obj: object, msg: string) => void }): Services {
  const mail = new MailSender(db, {
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  const poke = () => mail.poke();
  return {
    catalogue: new CatalogueService(db),
    blog: new BlogService(path.join(PROJECT_ROOT, 'content/blog')),
    sessions: new SessionService(db),
    cart: new CartService(db),
    orders: new OrderService(db, config.shopEmail, poke),
    contact: new ContactService(db, config.shopEmail, poke),
    mail,
  };
}
