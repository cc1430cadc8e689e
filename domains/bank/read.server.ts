import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';

import { NOT_A_STATEMENT } from '#domains/bank/model.ts';
import { invalid } from '#lib/errors.ts';

/** The most rows read from a file: years of a shop's account, and a stop for a file that is something else. */
const MAX_ROWS = 20_000;

const ZIP = Buffer.from('PK\u0003\u0004', 'latin1');
/** The old Excel format (BIFF in a compound file), which no maintained parser reads. */
const OLD_EXCEL = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** A cell of a workbook as the text a CSV export would hold: a date cell as 'YYYY-MM-DD', a number as written. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

async function workbookRows(bytes: Buffer): Promise<string[][]> {
  // Loaded with the first workbook: it holds some 20 MB resident, for an upload the shop makes once a week or so.
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw invalid('This Excel file could not be opened: upload the .xlsx or CSV statement as the bank gives it');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalid(NOT_A_STATEMENT);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (rows.length >= MAX_ROWS) return;
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(Array.from(values, (value) => cellText(value as ExcelJS.CellValue)));
  });
  return rows;
}

/**
 * Tabs when the file's lines are tab-separated (SBI's ".xls" export is such text), commas otherwise: never both, as
 * a narration's commas would then split it.
 */
const separatorOf = (text: string): string => (text.split('\n', 60).some((line) => line.split('\t').length > 3) ? '\t' : ',');

function textRows(bytes: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid('This file is not UTF-8 text: upload the CSV as the bank gives it, or its Excel (.xlsx) statement');
  }
  try {
    // Ragged rows, as the preamble's are.
    return parse(text, {
      bom: true,
      delimiter: separatorOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to: MAX_ROWS,
    }) as string[][];
  } catch {
    throw invalid(NOT_A_STATEMENT);
  }
}

/**
 * A statement file's rows as text, from an .xlsx workbook's first sheet or a CSV (or tab-separated) file; 400 for an
 * old .xls, a file that cannot be opened or read as text.
 */
export async function statementRows(bytes: Buffer): Promise<string[][]> {
  if (bytes.subarray(0, 4).equals(ZIP)) return workbookRows(bytes);
  if (bytes.subarray(0, 4).equals(OLD_EXCEL)) {
    throw invalid('This is an old Excel (.xls) file: open it and save it as .xlsx or CSV, then upload that');
  }
  return textRows(bytes);
}
