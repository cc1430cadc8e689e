import { asc, sql } from 'drizzle-orm';

import { CATALOGUE_PAGE_SIZE, type Category, CATEGORY_VALUES, categoryLabel } from '#domains/catalogue/categories.ts';
import type { Product, ProductFilter, ProductPage, ProductVariation, SearchSuggestions } from '#domains/catalogue/model.ts';
import { type SortOption, sortProducts } from '#domains/catalogue/product-sort.ts';
import {
  indexProduct,
  inMalayalamScript,
  queryTerms,
  rank,
  type SearchIndex,
  suggestSearches,
  type Translation,
  vocabularyOf,
} from '#domains/catalogue/search.ts';
import { products, productVariations } from '#domains/catalogue/tables.ts';
import type { Language } from '#lib/language.ts';
import type { Db } from '#platform/db/client.ts';
import { EncodedBody } from '#platform/http/encoded-body.ts';

const MAX_CACHED_ANSWERS = 512;
/** The NOTIFY channel of catalogue changes. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

interface Snapshot {
  products: Product[];
  byId: Map<number, Product>;
  /** Every variation by product, active or not, in sortOrder (a cart line keeps an option taken off sale). */
  variations: Map<number, ProductVariation[]>;
  /** Active variations by product, in sortOrder. */
  activeVariations: Map<number, ProductVariation[]>;
  /** When each product last changed (the sitemap's lastmod). */
  modified: Map<number, Date>;
  /** Serialised answers (null: nothing there), keyed by the request they answer. */
  json: Map<string, EncodedBody | null>;
  /** The Malayalam name and description of each product that has either, by id. */
  translations: Map<number, Translation>;
  /** Those products as the Malayalam pages show them (the English where the staff left the Malayalam empty). */
  malayalam: Map<number, Product>;
  /** Every word of the catalogue's search indexes, made on the first search; with the Malayalam names, for a search in Malayalam letters. */
  vocabulary: Set<string> | null;
  malayalamVocabulary: Set<string> | null;
}

/** The catalogue as a cart's lines read it: any product by id, and all its options, those off sale too. */
export interface LineCatalogue {
  product(id: number): Product | undefined;
  options(productId: number): readonly ProductVariation[];
}

/** What an API read answers: the JSON, and headers that belong with it. */
export interface JsonAnswer {
  json: unknown;
  headers?: Record<string, string>;
}

/**
 * Catalogue reads. The whole catalogue (tens to a few hundred products) is held in memory and
 * answers every read; every write announces itself (announce) and invalidates.
 */
export class CatalogueService {
  private snapshot: Promise<Snapshot> | null = null;
  private readonly listeners: Array<() => void> = [];

  constructor(private readonly db: Db) {}

  /** Drops the cached catalogue; every write to products or variations must call it. */
  invalidate(): void {
    this.snapshot = null;
    for (const listener of this.listeners) listener();
  }

  /**
   * Tells every process, when `tx` commits, that the catalogue changed: buildApp listens on this channel and
   * invalidates. The writer invalidates its own process at once as well.
   */
  async announce(tx: Pick<Db, 'execute'>): Promise<void> {
    await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
  }

  /** Called on every invalidation (the page cache clears itself with it). */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * The products the filter finds, in a language: on the Malayalam pages each with its Malayalam name and description
   * where the staff gave them. A search finds a product by either name, whatever the page's language.
   */
  async listProducts(filter: ProductFilter = {}, language: Language = 'en'): Promise<Product[]> {
    const snapshot = await this.load();
    const listed = snapshot.products.filter(
      (p) => (!filter.category || p.category === filter.category) && (!filter.featured || p.featured),
    );
    const found = filter.search ? search(snapshot, listed, filter.search) : listed;
    return found.map((product) => localized(snapshot, product, language));
  }

  /** One page of the list, sorted before it is cut (no sort: catalogue order, or best match first for a search). */
  async listPage(
    filter: ProductFilter,
    sort: SortOption | undefined,
    page: number,
    language: Language = 'en',
  ): Promise<ProductPage> {
    // Localized before sorting: 'Name A-Z' orders the names the page shows.
    const listed = await this.listProducts(filter, language);
    const sorted = sort ? sortProducts(listed, sort) : listed;
    const start = (page - 1) * CATALOGUE_PAGE_SIZE;
    return {
      products: sorted.slice(start, start + CATALOGUE_PAGE_SIZE),
      total: listed.length,
      page,
      pageSize: CATALOGUE_PAGE_SIZE,
    };
  }

  /** When each product last changed, by id. */
  async lastModified(): Promise<ReadonlyMap<number, Date>> {
    return (await this.load()).modified;
  }

  /** For a search that found nothing: nearby searches, and the categories where any of its words is found. */
  async suggest(search: string): Promise<SearchSuggestions> {
    const snapshot = await this.load();
    const malayalam = inMalayalamScript(search);
    const indexOf = (product: Product) => searchIndexOf(product, snapshot, malayalam);
    const words = vocabulary(snapshot, malayalam);
    const found = new Set(
      queryTerms(search).flatMap((word) => rank(snapshot.products, indexOf, word, words).map((product) => product.category)),
    );
    return {
      searches: suggestSearches(search, words),
      // None of its words anywhere: every category is a way on.
      categories: CATEGORY_VALUES.filter((category) => found.size === 0 || found.has(category)),
    };
  }

  /** A product in a language (see listProducts). */
  async getProduct(id: number, language: Language = 'en'): Promise<Product | null> {
    const snapshot = await this.load();
    const product = snapshot.byId.get(id);
    return product ? localized(snapshot, product, language) : null;
  }

  /** Active variations in display order; null when the product does not exist. */
  async listActiveVariations(productId: number): Promise<ProductVariation[] | null> {
    const snapshot = await this.load();
    if (!snapshot.byId.has(productId)) return null;
    return snapshot.activeVariations.get(productId) ?? [];
  }

  /** The active options of those products that have options, by product id: a page's cards get them with the page. */
  async variationsOf(products: readonly Product[]): Promise<Record<number, ProductVariation[]>> {
    const snapshot = await this.load();
    return Object.fromEntries(
      products
        .filter((product) => product.hasVariations)
        .map((product) => [product.id, snapshot.activeVariations.get(product.id) ?? []]),
    );
  }

  /**
   * The whole catalogue for pricing a cart's lines: a page with a cart reads only the lines from the database. In a
   * language: the cart on a Malayalam page names its products in Malayalam.
   */
  async lineCatalogue(language: Language = 'en'): Promise<LineCatalogue> {
    const snapshot = await this.load();
    return {
      product: (id) => {
        const product = snapshot.byId.get(id);
        return product && localized(snapshot, product, language);
      },
      options: (productId) => snapshot.variations.get(productId) ?? [],
    };
  }

  /**
   * The JSON of a read, serialised (and compressed, on demand) once per catalogue version; null when the
   * read finds nothing. Bounded, since keys include search text.
   */
  async cachedJson(key: string, read: () => Promise<JsonAnswer | null>): Promise<EncodedBody | null> {
    const snapshot = await this.load();
    let body = snapshot.json.get(key);
    if (body === undefined) {
      const answer = await read();
      body = answer === null ? null : new EncodedBody(Buffer.from(JSON.stringify(answer.json)), answer.headers);
      if (snapshot.json.size < MAX_CACHED_ANSWERS) snapshot.json.set(key, body);
    }
    return body;
  }

  private load(): Promise<Snapshot> {
    if (!this.snapshot) {
      const loading = this.read();
      this.snapshot = loading;
      loading.catch(() => {
        if (this.snapshot === loading) this.snapshot = null;
      });
    }
    return this.snapshot;
  }

  private async read(): Promise<Snapshot> {
    const [productRows, variationRows] = await Promise.all([
      this.db.select().from(products).orderBy(asc(products.id)),
      this.db
        .select()
        .from(productVariations)
        .orderBy(asc(productVariations.productId), asc(productVariations.sortOrder), asc(productVariations.id)),
    ]);
    const list = productRows.map(toProduct);
    const translations = new Map<number, Translation>();
    const malayalam = new Map<number, Product>();
    productRows.forEach((row, index) => {
      // An empty text is as good as none: the English shows.
      const name = row.nameMl || null;
      const description = row.descriptionMl || null;
      const product = list[index];
      if (!product || (name === null && description === null)) return;
      translations.set(row.id, { name, description });
      malayalam.set(row.id, { ...product, name: name ?? product.name, description: description ?? product.description });
    });
    const variations = new Map<number, ProductVariation[]>();
    const activeVariations = new Map<number, ProductVariation[]>();
    const add = (byProduct: Map<number, ProductVariation[]>, variation: ProductVariation) => {
      const forProduct = byProduct.get(variation.productId);
      if (forProduct) forProduct.push(variation);
      else byProduct.set(variation.productId, [variation]);
    };
    for (const row of variationRows) {
      const variation = toVariation(row);
      add(variations, variation);
      if (variation.isActive) add(activeVariations, variation);
    }
    return {
      products: list,
      byId: new Map(list.map((p) => [p.id, p])),
      variations,
      activeVariations,
      modified: new Map(productRows.map((row) => [row.id, row.updatedAt])),
      json: new Map(),
      translations,
      malayalam,
      vocabulary: null,
      malayalamVocabulary: null,
    };
  }
}

/** A product as a page in `language` shows it (the same object in English: the public answer stays as it was). */
function localized(snapshot: Snapshot, product: Product, language: Language): Product {
  return language === 'ml' ? (snapshot.malayalam.get(product.id) ?? product) : product;
}

/** The English products a search finds, best first: by their Malayalam names too when it is typed in Malayalam letters. */
function search(snapshot: Snapshot, listed: readonly Product[], text: string): Product[] {
  const malayalam = inMalayalamScript(text);
  return rank(listed, (product) => searchIndexOf(product, snapshot, malayalam), text, vocabulary(snapshot, malayalam));
}

function vocabulary(snapshot: Snapshot, malayalam: boolean): Set<string> {
  const made = () => vocabularyOf(snapshot.products, (product) => searchIndexOf(product, snapshot, malayalam));
  if (malayalam) return (snapshot.malayalamVocabulary ??= made());
  return (snapshot.vocabulary ??= made());
}

const searchIndexes = new WeakMap<Product, SearchIndex>();
const malayalamIndexes = new WeakMap<Product, SearchIndex>();
/**
 * A product's search index, made once per catalogue version (its options are its active variations' values); with its
 * Malayalam name and description for a search in Malayalam letters.
 */
function searchIndexOf(product: Product, snapshot: Snapshot, malayalam: boolean): SearchIndex {
  const indexes = malayalam ? malayalamIndexes : searchIndexes;
  let index = indexes.get(product);
  if (!index) {
    const options = (snapshot.activeVariations.get(product.id) ?? []).map((variation) => variation.value);
    const translation = malayalam ? snapshot.translations.get(product.id) : undefined;
    index = indexProduct(product, options, categoryLabel(product.category), translation);
    indexes.set(product, index);
  }
  return index;
}

export type ProductRow = typeof products.$inferSelect;
export type VariationRow = typeof productVariations.$inferSelect;

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category as Category,
    price: row.price,
    originalPrice: row.originalPrice,
    imageUrl: row.imageUrl,
    imageUrls: row.imageUrls,
    rating: row.rating,
    reviewCount: row.reviewCount,
    inStock: row.inStock,
    featured: row.featured,
    hasVariations: row.hasVariations,
    stockQuantity: row.stockQuantity,
    unitsPerCarton: row.unitsPerCarton,
    unitType: row.unitType,
    cartonWeight: row.cartonWeight,
    cartonDimensions: row.cartonDimensions,
    specifications: row.specifications,
    tags: row.tags,
    minCartons: row.minCartons,
    cartonStep: row.cartonStep,
    priceBreaks: row.priceBreaks,
  };
}

export function toVariation(row: VariationRow): ProductVariation {
  return {
    id: row.id,
    productId: row.productId,
    type: row.type,
    name: row.name,
    value: row.value,
    price: row.price,
    originalPrice: row.originalPrice,
    stockQuantity: row.stockQuantity,
    unitsPerCarton: row.unitsPerCarton,
    unitType: row.unitType,
    cartonWeight: row.cartonWeight,
    cartonDimensions: row.cartonDimensions,
    sortOrder: row.sortOrder,
    isActive: row.isActive,
    minCartons: row.minCartons,
    cartonStep: row.cartonStep,
    priceBreaks: row.priceBreaks,
  };
}
