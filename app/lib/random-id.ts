/**
 * A random id of letters, digits and '-' (a UUID where the browser offers one). crypto.randomUUID exists only in
 * secure contexts (https, localhost); a shop opened over plain http on a LAN address still gets a random id.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
