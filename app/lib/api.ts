/** A non-ok answer, as the spec words it: 'status: text'. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
}

/** GET a JSON resource of our own API, with cookies. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { credentials: 'include', headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new ApiError(response.status, (await response.text()) || response.statusText);
  return (await response.json()) as T;
}
