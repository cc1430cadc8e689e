import QRCode from 'qrcode';

import type { QrPicture } from '#domains/settings/upi.ts';

/**
 * A text (a `upi://pay` link) as a QR code's picture: each row's runs of dark modules as rectangles of one path.
 * Error correction M, as UPI apps print theirs: a crease or a smudge on paper still scans. A long text (an e-invoice's
 * signed QR code, some 900 characters) takes L, so that its modules stay large enough to scan at its printed size.
 */
export function qrPicture(text: string, errorCorrectionLevel: 'L' | 'M' = 'M'): QrPicture {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel }).modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!data[y * size + x]) continue;
      let run = 1;
      while (x + run < size && data[y * size + x + run]) run++;
      parts.push(`M${x} ${y}h${run}v1h-${run}z`);
      x += run;
    }
  }
  return { size, path: parts.join('') };
}

/**
 * The same QR code as a PNG picture for an e-mail (mail programs show attached PNGs where they drop SVG): 6 pixels a
 * module with the quiet zone, so a phone held to a laptop's screen reads it.
 */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });
}
