import type { Services } from '../server/services.ts';

// Loaders and actions receive the server's services (created once in server/main.ts) as context.
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends Services {}
}
