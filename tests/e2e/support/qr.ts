// Scanning a QR code as a phone's camera would: the element as the browser drew it (a screenshot), its pixels read
// back in a blank page (no site's rules apply there) and decoded with jsQR.
import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';

/** The text of the QR code shown by `locator`, or null when none is read. */
export async function scanQrCode(locator: Locator): Promise<string | null> {
  const png = await locator.screenshot();
  const blank = await locator.page().context().newPage();
  try {
    const { width, height, data } = await blank.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      return {
        width: image.width,
        height: image.height,
        data: Array.from(context.getImageData(0, 0, image.width, image.height).data),
      };
    }, png.toString('base64'));
    return jsQR(new Uint8ClampedArray(data), width, height)?.data ?? null;
  } finally {
    await blank.close();
  }
}
