import { useState } from 'react';

import { useT } from '#app/lib/language.ts';
import { PLACEHOLDER_IMAGE } from '#app/lib/placeholder.ts';
import { LazyImage } from '#app/ui/LazyImage.tsx';
import { imageAtWidth } from '#lib/images.ts';

/** Main image with thumbnails; a broken image is swapped for the placeholder. */
export function ProductGallery({ name, images }: { name: string; images: readonly string[] }) {
  const t = useT();
  const list = images.length > 0 ? images : [PLACEHOLDER_IMAGE];
  const [index, setIndex] = useState(0);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const srcOf = (src: string) => (broken.has(src) ? PLACEHOLDER_IMAGE : src);
  const current = list[Math.min(index, list.length - 1)] ?? PLACEHOLDER_IMAGE;
  const markBroken = (src: string) => setBroken((set) => new Set(set).add(src));

  return (
    <div>
      <LazyImage
        key={srcOf(current)}
        src={srcOf(current)}
        alt={`${name}, image ${index + 1} of ${list.length}`}
        width={800}
        height={800}
        eager
        sizes="(min-width: 1024px) 50vw, 100vw"
        onError={() => markBroken(current)}
        className="w-full rounded-2xl"
      />
      {list.length > 1 && (
        <ul className="mt-3 flex gap-3" aria-label={t('Product images')}>
          {list.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                aria-label={t('Show image {number}', { number: i + 1 })}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                className={`block size-20 overflow-hidden rounded-lg border-2 ${i === index ? 'border-leaf-700' : 'border-transparent'}`}
              >
                <img
                  src={imageAtWidth(srcOf(src), 160)}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  ref={(img) => {
                    // A thumbnail that failed before hydration never fires onError.
                    if (img?.complete && img.naturalWidth === 0 && !broken.has(src)) markBroken(src);
                  }}
                  onError={() => markBroken(src)}
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
