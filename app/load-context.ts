import type { Services } from '#server/services.ts';

// Loaders and actions receive the server's services (created once in server/main.ts) as context.
declare module 'react-router' {
  interface AppLoadContext extends Services {
    /** This page's Content-Security-Policy script nonce (platform/ssr/plugin.ts), for app/entry.server.tsx. */
    cspNonce?: string;
  }
}
