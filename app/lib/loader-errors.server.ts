import { isDomainError, STATUS_OF } from '#lib/errors.ts';

/**
 * What a page's loader answers when a service refuses: the domain error's own status and message, from the same
 * table the API answers with. Anything else is not the visitor's doing and is rethrown to the error boundary.
 */
export function pageRefusal(error: unknown): { status: number; message: string } {
  if (!isDomainError(error)) throw error;
  return { status: STATUS_OF[error.kind], message: error.message };
}
