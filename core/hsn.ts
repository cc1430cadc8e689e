/**
 * The HSN code every line of a tax invoice and a credit note carries (Rule 46): required when the document is
 * issued, with at least as many digits as the shop's turnover calls for. See 496-gstr1-files-the-portal-takes.md.
 */

/**
 * Digits an HSN code needs at least: 4 for a shop whose turnover was up to ₹5 crore in the previous financial year,
 * 6 above that. The shop is below it; this constant is where that is said until the shop's settings say it.
 */
export const HSN_MIN_DIGITS: 4 | 6 = 4;

export interface HsnProblem {
  message: string;
  /** The field to mark: 'lines.1.hsnCode' for the second line. */
  field: string;
}

/**
 * The first line without a usable HSN code, named by its number and product, or null when all have one. `number`
 * is the line's number on the invoice (a credit note's lines keep theirs); by default its place in the list, from 1.
 */
export function missingHsn(
  lines: ReadonlyArray<{ productName: string; hsnCode: string; line?: number }>,
  minDigits: number = HSN_MIN_DIGITS,
): HsnProblem | null {
  const index = lines.findIndex((line) => !new RegExp(`^\\d{${minDigits},8}$`).test(line.hsnCode));
  const line = lines[index];
  if (!line) return null;
  const number = line.line ?? index + 1;
  return {
    message: `Line ${number} (${line.productName}) needs an HSN code of at least ${minDigits} digits before it is issued`,
    field: `lines.${number - 1}.hsnCode`,
  };
}
