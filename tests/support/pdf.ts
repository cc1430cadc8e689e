// Reading a PDF back as a person would: its text through poppler's pdftotext (with the layout kept, so an amount
// broken over two lines shows), and a page rendered to pixels through pdftoppm for a QR code to be scanned by jsQR.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import jsQR from 'jsqr';
import { expect } from 'vitest';

function withFile<T>(pdf: Uint8Array, read: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    return read(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text, its lines laid out as on the page. */
export const pdfText = (pdf: Uint8Array): string =>
  withFile(pdf, (file) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));

/** What poppler's pdfsig says of the PDF's digital signatures ('… does not contain any signatures' when none). */
export const pdfSignatures = (pdf: Uint8Array): string =>
  withFile(pdf, (file) => {
    const { stdout, stderr } = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    return stdout + stderr;
  });

/**
 * The document's text (a PDF's, a page's as printed, an e-mail's) shows every one of `expected`: a failure lists all
 * that are missing, not only the first.
 */
export function expectShows(text: string, expected: readonly string[]): void {
  expect(
    expected.filter((part) => !text.includes(part)),
    'missing from the text',
  ).toEqual([]);
}

/** How many pages the PDF has. */
export const pdfPages = (pdf: Uint8Array): number =>
  withFile(pdf, (file) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]));

/** The pictures drawn in the PDF (a logo, a signature), as poppler's pdfimages lists them: each one's width by height. */
export const pdfImages = (pdf: Uint8Array): string[] =>
  withFile(pdf, (file) =>
    execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .map((row) => row.trim().split(/\s+/))
      // A see-through PNG's transparency is a row of its own (smask): one picture, not two.
      .filter(([, , type]) => type === 'image')
      .map(([, , , width, height]) => `${width}x${height}`),
  );

/** A binary PPM (P6) as RGBA pixels. */
export function ppmPixels(ppm: Buffer): { width: number; height: number; data: Uint8ClampedArray } {
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a binary PPM');
  const [whole, width, height] = [header[0].length, Number(header[1]), Number(header[2])];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data.set(ppm.subarray(whole + i * 3, whole + i * 3 + 3), i * 4);
    data[i * 4 + 3] = 255;
  }
  return { width, height, data };
}

/** The text of the QR code on a page (from 1), scanned from the page drawn at 150 dpi; null when none is found. */
export const pdfQrCode = (pdf: Uint8Array, page = 1): string | null =>
  withFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-r', '150', '-f', String(page), '-l', String(page), '-singlefile', file, path.join(dir, 'page')]);
    const { width, height, data } = ppmPixels(fs.readFileSync(path.join(dir, 'page.ppm')));
    return jsQR(data, width, height)?.data ?? null;
  });
