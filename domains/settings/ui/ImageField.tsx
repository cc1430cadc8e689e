import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';

import { uploadImages } from '#app/admin/admin-api.ts';
import { authErrorMessage } from '#domains/account/ui/auth-api.ts';

/**
 * The logo or the signature: the picture in force, a button to upload another (taken in by the image pipeline at once,
 * kept by the section's Save) and one to go without. The server's refusal ('Not an image…') shows under it.
 */
export function ImageField({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string | null;
  error?: string;
  onChange: (url: string | null, error?: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const [url] = await uploadImages([file], () => {}, '/api/admin/settings/images');
      onChange(url ?? null);
    } catch (failure) {
      onChange(value, authErrorMessage(failure, `The ${label.toLowerCase()} could not be uploaded. Please try again.`));
      input.current?.focus();
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-semibold text-stone-900">
        {label}
      </p>
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        {hint}
      </p>
      {value ? (
        // A checkerboard behind it shows whether a signature is see-through.
        <img
          src={value}
          alt={`The ${label.toLowerCase()} in use`}
          className="max-h-24 max-w-full rounded border border-stone-200 bg-[repeating-conic-gradient(#e7e5e4_0_25%,#fff_0_50%)] bg-[length:16px_16px] object-contain"
        />
      ) : (
        <p className="text-sm text-stone-700">None yet.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <label className="btn-outline min-h-11 cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-leaf-700">
          <ImageUp aria-hidden="true" className="size-4" />
          {uploading ? 'Uploading...' : value ? `Replace the ${label.toLowerCase()}` : `Upload a ${label.toLowerCase()}`}
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={uploading}
            aria-invalid={Boolean(error)}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(event) => void choose(event.target.files?.[0])}
            className="sr-only"
          />
        </label>
        {value && (
          <button type="button" className="btn-outline min-h-11 text-red-800" onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" className="size-4" /> Remove<span className="sr-only"> the {label.toLowerCase()}</span>
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
