// What a page prints, read back as a person reads it from paper.
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text of what the page prints (print media, as an A4 PDF), in reading order with its white space folded, so
 * that a name the layout wraps over two lines still reads whole.
 */
export async function printedText(page: Page): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  try {
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
}
