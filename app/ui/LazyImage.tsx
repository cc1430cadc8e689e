import { ImageOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { useT } from '#app/lib/language.ts';
import { responsiveImage } from '#lib/images.ts';

interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above the fold: load at once instead of waiting to come near the viewport. */
  eager?: boolean;
  /** How wide it shows, for choosing among an uploaded image's widths (the `sizes` attribute). */
  sizes?: string;
  onError?: () => void;
}

/**
 * An image that loads when it comes within 50px of the viewport, fades in, and says
 * 'Image unavailable' if it fails. Width and height reserve its box so nothing shifts;
 * <noscript> gives crawlers and script-less browsers the plain image. An uploaded image comes as AVIF or WebP at the
 * width `sizes` asks for; a known host's as its automatic format (lib/images.ts). Give it a new key to show another
 * image.
 */
export function LazyImage({ src, alt, width, height, className = '', eager = false, sizes = '100vw', onError }: LazyImageProps) {
  const image = responsiveImage(src);
  const choice = image.srcSet ? { srcSet: image.srcSet, sizes } : {};
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(eager);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const t = useT();
  const fail = () => {
    setState('failed');
    onError?.();
  };

  useEffect(() => {
    if (visible || !box.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '50px', threshold: 0.1 },
    );
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <div ref={box} className={`relative overflow-hidden bg-leaf-50 ${className}`} style={{ aspectRatio: `${width} / ${height}` }}>
      {state === 'failed' ? (
        <div role="img" aria-label={alt} className="flex h-full w-full flex-col items-center justify-center gap-2 text-stone-500">
          <ImageOff aria-hidden="true" className="size-8" />
          <span className="text-sm">{t('Image unavailable')}</span>
        </div>
      ) : visible ? (
        <picture>
          {image.avifSrcSet && <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />}
          <img
            src={image.src}
            {...choice}
            alt={alt}
            width={width}
            height={height}
            decoding="async"
            fetchPriority={eager ? 'high' : 'auto'}
            ref={(img) => {
              // The image may have loaded or failed before hydration attached onLoad and onError.
              if (!img?.complete || state !== 'loading') return;
              if (img.naturalWidth > 0) setState('loaded');
              else fail();
            }}
            onLoad={() => setState('loaded')}
            onError={fail}
            className={`h-full w-full object-cover transition-opacity duration-500 ${eager || state === 'loaded' ? 'opacity-100' : 'opacity-0'}`}
          />
        </picture>
      ) : (
        <noscript>
          <img src={image.src} {...choice} alt={alt} width={width} height={height} className="h-full w-full object-cover" />
        </noscript>
      )}
    </div>
  );
}
