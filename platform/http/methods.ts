/** Methods that change nothing: no CSRF token or same-origin check is asked of them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method);
