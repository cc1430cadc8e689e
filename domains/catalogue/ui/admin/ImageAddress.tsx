import { useId, useRef, useState } from 'react';

import { fetchImage } from '#app/admin/admin-api.ts';
import { ApiError } from '#app/lib/api.ts';
import type { Toast } from '#app/lib/toast.tsx';
import { photoAddressSchema } from '#domains/catalogue/product-admin-schema.ts';

/**
 * The alternative image URL beside the upload: the address of a photo on any website,
 * which the server fetches once and keeps as an upload, so the shop's pages never load it from there.
 */
export function ImageAddress({
  refused,
  onAdded,
  notify,
}: {
  /** Why no other image can be added now (there is no room), or null. */
  refused: Toast | null;
  onAdded: (url: string) => void;
  notify: (toast: Toast) => void;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);

  const refuse = (message: string) => {
    setError(message);
    field.current?.focus();
  };

  const add = async () => {
    if (fetching) return;
    const checked = photoAddressSchema.safeParse(address);
    if (!checked.success) return refuse(checked.error.issues[0]?.message ?? 'Not a photo’s address');
    if (refused) return notify(refused);
    setError(null);
    setFetching(true);
    try {
      onAdded(await fetchImage(checked.data));
      setAddress('');
      notify({ title: 'Image added', description: 'The photo was fetched and is kept by the shop.' });
      field.current?.focus();
    } catch (failure) {
      refuse((failure instanceof ApiError && failure.body?.message) || 'The photo could not be fetched from that address');
    } finally {
      setFetching(false);
    }
  };

  return (
    <div className="flex-1">
      <label htmlFor={`${id}-url`} className="sr-only">
        Or a photo’s address on another website
      </label>
      <div className="flex gap-2">
        <input
          ref={field}
          id={`${id}-url`}
          type="url"
          value={address}
          placeholder="Or a photo’s address (https://…)"
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-url-error` : undefined}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void add();
            }
          }}
          className="h-11 min-w-0 flex-1 rounded-lg border border-stone-300 px-3"
        />
        <button type="button" className="btn-outline min-h-11 shrink-0" aria-disabled={fetching} onClick={() => void add()}>
          {fetching ? 'Fetching the photo…' : 'Add URL'}
        </button>
      </div>
      {error && (
        <p id={`${id}-url-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
