// Test data only: the carton lines that the quote, invoice, invoice-view and e-invoice tests price by hand, so each
// works from the same figures. core/ tests may not import tests/support, so it lives beside them.
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

/** 2 cartons of 200 ml cups at ₹260.00, HSN 48236900 at 18%. */
export const CUPS: QuoteLineInput = {
  productName: 'Bagasse Cup 200 ml',
  options: '',
  hsnCode: '48236900',
  gstRate: 18,
  quantity: 2,
  unitsPerCarton: 50,
  unitType: 'cups',
  price: 260_00,
};
