// Test data only: the carton line that the quote, invoice and invoice-view tests price by hand, so each works from
// the same figures. core/ tests may not import tests/support, so it lives beside them.
import type { QuoteLineInput } from './model.ts';

/** 3 cartons of 8-inch round plates at ₹560.00, HSN 14049090 at 5%. */
export const ROUND_PLATES: QuoteLineInput = {
  productName: 'Areca Leaf Round Plate',
  options: 'Size: 8 inch',
  hsnCode: '14049090',
  gstRate: 5,
  quantity: 3,
  unitsPerCarton: 100,
  unitType: 'plates',
  price: 560_00,
};
