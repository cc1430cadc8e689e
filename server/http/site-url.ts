import type { FastifyRequest } from 'fastify';

/** Where the shop is reached, for links in e-mails: PUBLIC_URL when set, else the address the request came to. */
export const siteUrlOf = (request: FastifyRequest, publicUrl: string | undefined): string =>
  publicUrl ?? `${request.protocol}://${request.host}`;
