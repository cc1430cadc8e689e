/**
 * The HSN code every line of a tax invoice and a credit note carries (Rule 46): required when the document is
 * issued, with at least as many digits as the shop's turnover calls for (the tax settings' `hsnDigits`: 4 up to ₹5
 * crore in the previous financial year, 6 above), and the description as per that code the GSTR-1 HSN summary asks
 * for. See 356-gstr1.md and 350-the-tax-invoice.md.
 */

/** Digits an HSN code may be required to have: the tax settings' `hsnDigits`. */
export type HsnDigits = 4 | 6;

export interface HsnProblem {
  message: string;
  /** The field to mark: 'lines.1.hsnCode' for the second line. */
  field: string;
}

const hasDigits = (code: string, minDigits: HsnDigits) => new RegExp(`^\\d{${minDigits},8}$`).test(code);

/**
 * The first line without a usable HSN code, named by its number and product, or null when all have one. `number`
 * is the line's number on the invoice (a credit note's lines keep theirs); by default its place in the list, from 1.
 */
export function missingHsn(
  lines: ReadonlyArray<{ productName: string; hsnCode: string; line?: number }>,
  minDigits: HsnDigits,
): HsnProblem | null {
  const index = lines.findIndex((line) => !hasDigits(line.hsnCode, minDigits));
  const line = lines[index];
  if (!line) return null;
  const number = line.line ?? index + 1;
  return {
    message: `Line ${number} (${line.productName}) needs an HSN code of at least ${minDigits} digits before it is issued`,
    field: `lines.${number - 1}.hsnCode`,
  };
}

/** A quote's caution for a line whose HSN code the invoice would refuse (a blank one has its own), or null. */
export const shortHsnWarning = (label: string, hsnCode: string, minDigits: HsnDigits): string | null =>
  hsnCode && !hasDigits(hsnCode, minDigits)
    ? `${label} has HSN code ${hsnCode}: the invoice needs at least ${minDigits} digits.`
    : null;

/**
 * The description as per the HSN code, for the codes this trade uses: the Customs Tariff's wording of the heading or
 * sub-heading (the GST portal's HSN directory follows it), shortened to the 30 characters the portal's HSN summary
 * takes. Looked up from the longest matching prefix, so an eight-digit tariff item finds its sub-heading or heading.
 */
const HSN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '1404': 'Vegetable products, n.e.s.',
  '4419': 'Tableware, kitchenware of wood',
  '4819': 'Cartons, boxes of paperboard',
  '4823': 'Other articles of paper',
  '482369': 'Trays, plates, cups of paper',
  '482370': 'Moulded articles of paper pulp',
};

/** The description as per `hsnCode`, or '' for a code outside this trade's table (the portal then fills it). */
export function hsnDescription(hsnCode: string): string {
  for (const digits of [8, 6, 4]) {
    const found = HSN_DESCRIPTIONS[hsnCode.slice(0, digits)];
    if (hsnCode.length >= digits && found) return found;
  }
  return '';
}
