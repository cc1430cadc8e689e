import { describe, expect, it } from 'vitest';

import { mediaFile, mediaFiles, responsiveImage, uploadedImage, widthsUpTo } from './images.ts';

const UPLOAD = '/media/0123456789abcdef0123-1280.webp';

describe('uploaded images', () => {
  it('are kept at the standard widths below their own, and at their own up to 1280', () => {
    expect(widthsUpTo(4032)).toEqual([320, 640, 960, 1280]);
    expect(widthsUpTo(1280)).toEqual([320, 640, 960, 1280]);
    expect(widthsUpTo(800)).toEqual([320, 640, 800]);
    expect(widthsUpTo(200)).toEqual([200]);
  });

  it('name every file from the URL the product keeps', () => {
    expect(mediaFiles('/media/0123456789abcdef0123-800.webp')).toEqual([
      '0123456789abcdef0123-320.avif',
      '0123456789abcdef0123-320.webp',
      '0123456789abcdef0123-640.avif',
      '0123456789abcdef0123-640.webp',
      '0123456789abcdef0123-800.avif',
      '0123456789abcdef0123-800.webp',
    ]);
    expect(mediaFiles('/images/products/plate.svg')).toEqual([]);
    expect(mediaFiles('/media/../../app-secret-1280.webp')).toEqual([]);
  });

  it('are only the names the pipeline can make: a width from 1 to 1280 without leading zeros, AVIF or WebP', () => {
    expect(mediaFile('0123456789abcdef0123-1280.avif')).toEqual({ hash: '0123456789abcdef0123', width: 1280, format: 'avif' });
    expect(mediaFile('0123456789abcdef0123-7.webp')).toMatchObject({ width: 7 });
    for (const name of ['0123456789abcdef0123-1281.webp', '0123456789abcdef0123-9999.webp', '0123456789abcdef0123-0.webp']) {
      expect(mediaFile(name), name).toBeNull();
    }
    expect(mediaFile('0123456789abcdef0123-0320.webp')).toBeNull();
    expect(mediaFile('0123456789abcdef0123-320.png')).toBeNull();
    expect(mediaFile('0123456789ABCDEF0123-320.webp')).toBeNull();
    expect(uploadedImage('/media/0123456789abcdef0123-9999.webp')).toBeNull();
    expect(uploadedImage('/media/0123456789abcdef0123-320.avif')).toBeNull();
    expect(uploadedImage(UPLOAD)).toMatchObject({ name: '0123456789abcdef0123-1280.webp', hash: '0123456789abcdef0123' });
  });

  it('give an AVIF and a WebP srcset', () => {
    expect(responsiveImage(UPLOAD)).toEqual({
      src: UPLOAD,
      srcSet:
        '/media/0123456789abcdef0123-320.webp 320w, /media/0123456789abcdef0123-640.webp 640w, /media/0123456789abcdef0123-960.webp 960w, /media/0123456789abcdef0123-1280.webp 1280w',
      avifSrcSet:
        '/media/0123456789abcdef0123-320.avif 320w, /media/0123456789abcdef0123-640.avif 640w, /media/0123456789abcdef0123-960.avif 960w, /media/0123456789abcdef0123-1280.avif 1280w',
    });
  });
});

describe('images on a known host (automatic format and quality)', () => {
  it('Cloudinary: f_auto,q_auto, and a width for each srcset entry', () => {
    const image = responsiveImage('https://res.cloudinary.com/shop/image/upload/v1/plates/round.jpg');
    expect(image.src).toBe('https://res.cloudinary.com/shop/image/upload/f_auto,q_auto/v1/plates/round.jpg');
    expect(image.srcSet?.split(', ')[0]).toBe(
      'https://res.cloudinary.com/shop/image/upload/f_auto,q_auto,w_320/v1/plates/round.jpg 320w',
    );
  });

  it('Unsplash: auto=format and a quality, keeping its own parameters', () => {
    const image = responsiveImage('https://images.unsplash.com/photo-1?crop=entropy');
    expect(image.src).toBe('https://images.unsplash.com/photo-1?crop=entropy&auto=format&q=75');
    expect(image.srcSet).toContain('&w=640 640w');
  });

  it('leaves any other URL as it is', () => {
    expect(responsiveImage('/images/products/plate.svg')).toEqual({ src: '/images/products/plate.svg' });
  });
});
