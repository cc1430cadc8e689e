import { Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, type RefCallback, useEffect, useId, useRef, useState } from 'react';

import { deleteImage, uploadImages } from '#app/admin/admin-api.ts';
import { ApiError } from '#app/lib/api.ts';
import { type Toast, useToast } from '#app/lib/toast.tsx';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '#domains/catalogue/product-admin-schema.ts';
import { imageAtWidth } from '#lib/images.ts';

import { ImageAddress } from './ImageAddress.tsx';

interface Pending {
  previews: string[];
  progress: number;
}

/** The files an upload accepts (images only, 5 MB each, at most 3 per product), or the toast that says why not. */
function refusal(files: readonly File[], already: number): { title: string; description: string } | null {
  const notImage = files.find((file) => !file.type.startsWith('image/'));
  if (notImage) return { title: 'Invalid file type', description: `${notImage.name} is not an image.` };
  const large = files.find((file) => file.size > MAX_IMAGE_BYTES);
  if (large) return { title: 'File too large', description: `${large.name} is larger than 5 MB.` };
  if (already + files.length > MAX_PRODUCT_IMAGES) {
    return { title: 'Too many images', description: `Maximum ${MAX_PRODUCT_IMAGES} images allowed` };
  }
  return null;
}

/**
 * The dialog's images: chosen files show local previews at once and a progress bar while they
 * upload, then while the server makes the photo's files, and the previews go if the upload fails; a photo's address
 * can be given instead; the first image is the primary one.
 */
export function ImagesField({
  urls,
  onChange,
  error,
  inputRef,
}: {
  urls: readonly string[];
  /** Given a change of the list as it is by then (an upload ends after other changes). */
  onChange: (change: (urls: readonly string[]) => string[]) => void;
  /** The form's message about the images. */
  error?: string;
  /** Where the form puts the focus when it refuses the images. */
  inputRef: RefCallback<HTMLInputElement>;
}) {
  const showToast = useToast();
  const id = useId();
  // Shown in the dialog as well: outside a modal dialog the toast is inert, so screen readers would not hear it.
  const [notice, setNotice] = useState<Toast | null>(null);
  const toast = (message: Toast) => {
    showToast(message);
    setNotice(message);
  };
  const input = useRef<HTMLInputElement | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const previews = useRef<string[]>([]);
  useEffect(() => () => previews.current.forEach((preview) => URL.revokeObjectURL(preview)), []);
  // The server's message says what went wrong; without one, the fallback.
  const failed = (title: string, failure: unknown, fallback: string) =>
    toast({ title, description: (failure instanceof ApiError && failure.body?.message) || fallback, variant: 'destructive' });
  // The file input is disabled while a batch uploads: focus comes back to it once it is enabled again.
  const refocus = () => requestAnimationFrame(() => input.current?.focus());

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const refused = refusal(files, urls.length);
    if (refused) {
      toast({ ...refused, variant: 'destructive' });
      return;
    }
    previews.current = files.map((file) => URL.createObjectURL(file));
    setPending({ previews: previews.current, progress: 0 });
    try {
      const uploaded = await uploadImages(files, (progress) => setPending((p) => p && { ...p, progress }));
      onChange((current) => [...current, ...uploaded]);
      toast({ title: 'High-quality images uploaded successfully!' });
    } catch (failure) {
      failed('Upload failed', failure, 'Failed to upload images');
    } finally {
      previews.current.forEach((preview) => URL.revokeObjectURL(preview));
      previews.current = [];
      setPending(null);
      refocus();
    }
  };

  const remove = async (url: string) => {
    try {
      await deleteImage(url);
      onChange((current) => current.filter((u) => u !== url));
      toast({ title: 'Image deleted' });
    } catch (failure) {
      failed('Delete failed', failure, 'Failed to delete image from cloud storage');
    }
    refocus();
  };

  const shown = urls.length + (pending?.previews.length ?? 0);
  const full = shown >= MAX_PRODUCT_IMAGES;
  const oneMore = refusal([], shown + 1);
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-bold text-leaf-900">Images</legend>
      <p className="text-sm text-stone-600">Up to {MAX_PRODUCT_IMAGES} images, 5 MB each. The first is the main image.</p>
      {(urls.length > 0 || pending) && (
        <ul className="mt-2 flex flex-wrap gap-3" aria-label="Product images">
          {urls.map((url, index) => (
            <li key={url} className="relative">
              <img
                src={imageAtWidth(url, 160)}
                alt=""
                width={96}
                height={96}
                className="size-24 rounded-lg bg-leaf-50 object-cover"
              />
              {index === 0 && (
                <span className="absolute top-1 left-1 rounded bg-leaf-800 px-1.5 text-xs font-semibold text-white">Primary</span>
              )}
              <button
                type="button"
                className="btn-outline absolute right-1 bottom-1 size-11 bg-white p-0 text-red-800"
                onClick={() => void remove(url)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                <span className="sr-only">Remove image {index + 1}</span>
              </button>
            </li>
          ))}
          {pending?.previews.map((preview) => (
            <li key={preview}>
              <img src={preview} alt="" width={96} height={96} className="size-24 rounded-lg object-cover opacity-60" />
            </li>
          ))}
        </ul>
      )}
      {pending && (
        <div className="mt-2" role="status">
          <label htmlFor={`${id}-progress`} className="text-sm text-stone-700">
            {pending.progress < 1 ? 'Uploading…' : `Processing the ${pending.previews.length > 1 ? 'photos' : 'photo'}…`}
          </label>
          {/* Without a value while the server works: how long it takes is not known. */}
          <progress
            id={`${id}-progress`}
            max={1}
            value={pending.progress < 1 ? pending.progress : undefined}
            className="block h-2 w-full accent-leaf-700"
          />
        </div>
      )}
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <label
          className={`btn-outline min-h-11 cursor-pointer focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-leaf-700 ${full || pending ? 'opacity-60' : ''}`}
        >
          <Upload aria-hidden="true" className="size-4" /> Upload images
          <input
            ref={(element) => {
              input.current = element;
              inputRef(element);
            }}
            type="file"
            accept="image/*"
            multiple
            disabled={full || pending !== null}
            aria-invalid={Boolean(error)}
            className="sr-only"
            onChange={(event) => void choose(event)}
          />
        </label>
        <ImageAddress
          refused={oneMore && { ...oneMore, variant: 'destructive' }}
          notify={toast}
          onAdded={(url) => onChange((current) => [...current, url])}
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <p role="status" className="mt-2 min-h-5 text-sm text-stone-700">
        {notice && `${notice.title}${notice.description ? `: ${notice.description}` : ''}`}
      </p>
    </fieldset>
  );
}
