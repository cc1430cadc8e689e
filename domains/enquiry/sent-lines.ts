/**
 * The lines of a sent enquiry as people read them: on the status page, in the staff's order details, in the
 * e-mails, in the one-tap replies and in the CSV export. One view of a line, worked out here; each place lays it out.
 */
import { optionsText, sentOptions } from '#domains/catalogue/variations.ts';
import { type Amount, amountOf } from '#domains/tax/document.ts';
import { cartonsIn, type Translate, translator } from '#lib/i18n/translate.ts';
import { unitsIn } from '#lib/i18n/units.ts';
import { formatRupees, type Paise, toPaise } from '#lib/money.ts';

/** The lines' words unless the customer reads another language. */
const english = translator('en');

import type { SentLine } from './model.ts';

/** What an enquiry line keeps of its options and prices (an `order_items` row, the admin's item). */
export interface RecordedLine {
  productName: string;
  options?: ReadonlyArray<{ name: string; value: string }>;
  variationName: string | null;
  variationValue: string | null;
  quantity: number;
  unitsPerCarton: number;
  unitType: string;
  /** A carton, as a decimal string. */
  price: string;
}

/** A recorded line as the customer's pages and the quote form read it. */
export const sentLineOf = (line: RecordedLine): SentLine => ({
  productName: line.productName,
  options: optionsText(sentOptions(line), ', '),
  quantity: line.quantity,
  unitsPerCarton: line.unitsPerCarton,
  unitType: line.unitType,
  price: line.price,
});

interface SentLineView {
  name: string;
  /** 'Size: 8 inch, Model: Round', or ''. */
  options: string;
  /** 'Areca Leaf Round Plate (Size: 8 inch)'. */
  label: string;
  /** '3 cartons'. */
  cartons: string;
  /** '3 cartons × 25 pieces = 75 pieces'. */
  units: string;
  /** '₹560.00 a carton'. */
  price: string;
  total: Amount;
  /** '3 cartons Areca Leaf Round Plate (Size: 8 inch)': the line in a sentence. */
  summary: string;
}

/** One line as every place shows it; its total is cartons × the carton price recorded when it was sent. */
export function sentLineView(line: SentLine, t: Translate = english): SentLineView {
  const price: Paise = toPaise(line.price);
  const label = line.options ? `${line.productName} (${line.options})` : line.productName;
  return {
    name: line.productName,
    options: line.options,
    label,
    cartons: cartonsIn(t, line.quantity),
    units: `${cartonsIn(t, line.quantity)} × ${unitsIn(t, line.unitsPerCarton, line.unitType)} = ${unitsIn(t, line.quantity * line.unitsPerCarton, line.unitType)}`,
    price: t('{price} a carton', { price: formatRupees(price) }),
    total: amountOf(price * line.quantity),
    summary: `${cartonsIn(t, line.quantity)} ${label}`,
  };
}

/** The lines and their total before tax and delivery (the estimate the customer saw when sending). */
export function sentLinesView(lines: readonly SentLine[], t: Translate = english): { rows: SentLineView[]; total: Amount } {
  const rows = lines.map((line) => sentLineView(line, t));
  return { rows, total: amountOf(rows.reduce((sum, row) => sum + row.total.paise, 0)) };
}
