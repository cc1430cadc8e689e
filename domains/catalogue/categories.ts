import { msg } from '#lib/i18n/translate.ts';

/** Product categories in the order the storefront shows them, with their labels. */
export const CATEGORIES = [
  { value: 'plates', label: msg('Plates') },
  { value: 'containers', label: msg('Containers') },
  { value: 'bowls', label: msg('Bowls') },
  { value: 'cups', label: msg('Cups') },
  { value: 'cutlery', label: msg('Cutlery') },
  { value: 'combo', label: msg('Combo Packs') },
  { value: 'meals tray', label: msg('Meals Tray') },
] as const;

export type Category = (typeof CATEGORIES)[number]['value'];

/** 'Combo Packs' for 'combo'; an unknown value as it is. */
export function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}
export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [Category, ...Category[]];

export const UNIT_TYPES = ['pieces', 'plates', 'bowls', 'containers', 'sets', 'items'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const VARIATION_TYPES = ['size', 'model', 'color', 'material', 'style'] as const;
export type VariationType = (typeof VARIATION_TYPES)[number];

export const DEFAULT_RATING = '4.5';
/** Quantity ceiling for a product without variations. */
export const MAX_QUANTITY_WITHOUT_VARIATION = 999;
/** At or below this many units a variation is shown as low stock. */
export const LOW_STOCK_THRESHOLD = 5;
export const FEATURED_ON_HOME = 4;
export const SKELETON_CARDS = 8;
export const SEARCH_MAX_LENGTH = 100;
/**
 * Products on one page of /products and of GET /api/products. The demo catalogue (35) fits on one page, so the plain
 * calls answer it whole; a large catalogue pages.
 */
export const CATALOGUE_PAGE_SIZE = 48;
/** The highest page number asked for that is still read (beyond the last page the answer is simply empty). */
export const CATALOGUE_MAX_PAGE = 10_000;
