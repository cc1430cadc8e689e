import { and, asc, count, desc, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';

import { packingOf } from '#domains/catalogue/model.ts';
import type {
  AdminProduct,
  AdminProductListQuery,
  AdminProductPage,
  AdminProductWithHistory,
  ProductBody,
  VariationBody,
} from '#domains/catalogue/product-admin-schema.ts';
import { products, productVariations } from '#domains/catalogue/tables.ts';
import { cartonPrice } from '#domains/pricing/model.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import { type GstRate, gstRateMessage } from '#domains/tax/gst.ts';
import { invalid, notFound } from '#lib/errors.ts';
import { uploadedImage } from '#lib/images.ts';
import { toDecimalString, toPaise } from '#lib/money.ts';
import type { Actor, AuditChange, AuditLog } from '#platform/audit/service.ts';
import type { Db } from '#platform/db/client.ts';
import { containing, onPage } from '#platform/db/lists.ts';

import { type CatalogueService, type ProductRow, toProduct, toVariation, type VariationRow } from './service.server.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const missing = (id: number) => notFound(`Product ${id} not found`);

/**
 * The staff's side of the catalogue: paged lists, create, edit, stock toggle, delete. Each
 * change is one transaction with its audit entry, and tells every process's catalogue once it is committed.
 */
export class ProductAdmin {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly catalogue: CatalogueService,
    /** The shop's settings: the GST rates a product may carry (the tax section's). */
    private readonly settings: SettingsService,
  ) {}

  /** Newest first: a product just added is at the top of the first page. */
  async list(query: AdminProductListQuery): Promise<AdminProductPage> {
    const { page, pageSize, q, category } = query;
    const where = and(
      category ? eq(products.category, category) : undefined,
      // The Malayalam name too: the staff find a product by what either page calls it.
      q
        ? or(
            ilike(products.name, containing(q)),
            ilike(products.description, containing(q)),
            ilike(products.nameMl, containing(q)),
          )
        : undefined,
    );
    const [rows, [matching], [stats]] = await Promise.all([
      onPage(this.db.select().from(products).where(where).orderBy(desc(products.id)).$dynamic(), query),
      this.db.select({ total: count() }).from(products).where(where),
      this.db
        .select({
          total: count(),
          inStock: sql<number>`count(*) filter (where ${products.inStock})`.mapWith(Number),
          featured: sql<number>`count(*) filter (where ${products.featured})`.mapWith(Number),
        })
        .from(products),
    ]);
    const all = stats ?? { total: 0, inStock: 0, featured: 0 };
    return {
      items: await this.withVariations(this.db, rows),
      total: matching?.total ?? 0,
      page,
      pageSize,
      stats: { total: all.total, inStock: all.inStock, outOfStock: all.total - all.inStock, featured: all.featured },
    };
  }

  async get(id: number): Promise<AdminProductWithHistory> {
    const [row] = await this.db.select().from(products).where(eq(products.id, id));
    if (!row) throw missing(id);
    const [product] = await this.withVariations(this.db, [row]);
    return { ...(product as AdminProduct), history: await this.audit.history('product', id) };
  }

  async create(body: ProductBody, actor: Actor): Promise<AdminProduct> {
    await this.checkRate(body.gstRate);
    return this.change(actor, async (tx) => {
      const [row] = await tx.insert(products).values(productColumns(body)).returning();
      const created = row as ProductRow;
      await this.saveVariations(tx, created.id, body.price, body.variations);
      const [saved] = (await this.withVariations(tx, [created])) as [AdminProduct];
      return { result: saved, entityId: created.id, action: 'create', before: null, after: saved };
    });
  }

  /** The whole product as the dialog sends it; surviving variations keep their ids (cart lines refer to them). */
  async update(id: number, body: ProductBody, actor: Actor): Promise<AdminProduct> {
    await this.checkRate(body.gstRate);
    return this.change(actor, async (tx) => {
      const before = await this.locked(tx, id);
      const [row] = await tx
        .update(products)
        .set({ ...productColumns(body), updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning();
      await this.saveVariations(tx, id, body.price, body.variations);
      const [after] = (await this.withVariations(tx, [row as ProductRow])) as [AdminProduct];
      return { result: after, entityId: id, action: 'update', before, after };
    });
  }

  private async checkRate(rate: GstRate): Promise<void> {
    const { gstRates } = (await this.settings.current()).tax;
    if (!gstRates.includes(rate)) throw invalid(gstRateMessage(gstRates), { gstRate: 'Not offered' });
  }

  async setInStock(id: number, inStock: boolean, actor: Actor): Promise<AdminProduct> {
    return this.change(actor, async (tx) => {
      const before = await this.locked(tx, id);
      if (before.inStock === inStock) return { result: before };
      await tx.update(products).set({ inStock, updatedAt: new Date() }).where(eq(products.id, id));
      return {
        result: { ...before, inStock },
        entityId: id,
        action: 'stock',
        before: { inStock: before.inStock },
        after: { inStock },
      };
    });
  }

  /** Cart lines go with the product (cascade); sent enquiries keep their own copy of each line. */
  async delete(id: number, actor: Actor): Promise<void> {
    await this.change(actor, async (tx) => {
      const before = await this.locked(tx, id);
      await tx.delete(products).where(eq(products.id, id));
      return { result: undefined, entityId: id, action: 'delete', before, after: null };
    });
  }

  /**
   * One change of the catalogue: its work, its audit entry and its announcement to every process in one transaction
   * (work that changes nothing answers only its result); then this process's catalogue is dropped at once.
   */
  private async change<T>(
    actor: Actor,
    work: (tx: Tx) => Promise<{ result: T } & Partial<Omit<AuditChange, 'entity'>>>,
  ): Promise<T> {
    const result = await this.db.transaction(async (tx) => {
      const { result, entityId, action, before, after } = await work(tx);
      if (entityId === undefined || action === undefined) return result;
      await this.audit.record(tx, actor, { entity: 'product', entityId, action, before, after });
      await this.catalogue.announce(tx);
      return result;
    });
    this.catalogue.invalidate();
    return result;
  }

  /** Whether any product shows the uploaded image of this content hash, at any width (its files must then stay). */
  async imageInUse(hash: string): Promise<boolean> {
    // A hash is 20 hex digits (lib/images.ts), so it holds nothing LIKE would read as a pattern.
    const files = `/media/${hash}-%`;
    const [row] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(or(like(products.imageUrl, files), sql`${products.imageUrls}::text like ${`%"${files}`}`))
      .limit(1);
    return row !== undefined;
  }

  /** The content hashes of every uploaded image a product shows (what the sweep of orphaned files must keep). */
  async imageHashesInUse(): Promise<Set<string>> {
    const rows = await this.db.select({ imageUrl: products.imageUrl, imageUrls: products.imageUrls }).from(products);
    const hashes = new Set<string>();
    for (const url of rows.flatMap((row) => [row.imageUrl, ...row.imageUrls])) {
      const image = uploadedImage(url);
      if (image) hashes.add(image.hash);
    }
    return hashes;
  }

  private async locked(tx: Tx, id: number): Promise<AdminProduct> {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw missing(id);
    return (await this.withVariations(tx, [row]))[0] as AdminProduct;
  }

  private async saveVariations(tx: Tx, productId: number, price: string, wanted: readonly VariationBody[]): Promise<void> {
    const existing = await tx.select().from(productVariations).where(eq(productVariations.productId, productId));
    const unclaimed = new Map(existing.map((row) => [row.id, row]));
    const claim = (variation: VariationBody): VariationRow | undefined => {
      const byId = variation.id === undefined ? undefined : unclaimed.get(variation.id);
      const match = byId ?? [...unclaimed.values()].find((row) => row.type === variation.type && row.value === variation.value);
      if (match) unclaimed.delete(match.id);
      return match;
    };
    const plans = wanted.map((variation, sortOrder) => ({
      row: claim(variation),
      values: variationColumns(productId, price, variation, sortOrder),
    }));
    if (unclaimed.size) await tx.delete(productVariations).where(inArray(productVariations.id, [...unclaimed.keys()]));
    for (const { row, values } of plans) {
      if (row) await tx.update(productVariations).set(values).where(eq(productVariations.id, row.id));
      else await tx.insert(productVariations).values(values);
    }
  }

  private async withVariations(db: Pick<Db, 'select'>, rows: readonly ProductRow[]): Promise<AdminProduct[]> {
    if (rows.length === 0) return [];
    const variationRows = await db
      .select()
      .from(productVariations)
      .where(
        inArray(
          productVariations.productId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(productVariations.sortOrder), asc(productVariations.id));
    return rows.map((row) => {
      const product = toProduct(row);
      const carton = toPaise(product.price);
      const variations = variationRows
        .filter((variation) => variation.productId === row.id)
        .map((variation) => {
          const price = cartonPrice(product.price, variation.price);
          return { ...toVariation(variation), price: toDecimalString(price), priceAdjustment: signed(price - carton) };
        });
      return {
        ...product,
        nameMl: row.nameMl,
        descriptionMl: row.descriptionMl,
        variations,
        hsnCode: row.hsnCode,
        gstRate: row.gstRate,
      };
    });
  }
}

function signed(paise: number): string {
  return paise < 0 ? `-${toDecimalString(-paise)}` : toDecimalString(paise);
}

function productColumns(body: ProductBody) {
  return {
    name: body.name,
    description: body.description,
    nameMl: body.nameMl,
    descriptionMl: body.descriptionMl,
    category: body.category,
    price: body.price,
    originalPrice: body.originalPrice,
    imageUrl: body.imageUrl,
    imageUrls: body.imageUrls,
    rating: body.rating,
    reviewCount: body.reviewCount,
    inStock: body.inStock,
    featured: body.featured,
    hasVariations: body.hasVariations,
    stockQuantity: body.stockQuantity,
    unitsPerCarton: body.unitsPerCarton,
    unitType: body.unitType,
    cartonWeight: body.cartonWeight,
    cartonDimensions: body.cartonDimensions,
    hsnCode: body.hsnCode,
    gstRate: body.gstRate,
    minCartons: body.minCartons,
    cartonStep: body.cartonStep,
    priceBreaks: body.priceBreaks,
  };
}

/** A variation at the product's price keeps no price of its own, so it follows the product's later changes. */
function variationColumns(productId: number, price: string, variation: VariationBody, sortOrder: number) {
  return {
    productId,
    type: variation.type,
    name: variation.name,
    value: variation.value,
    price: variation.priceAdjustment === 0 ? null : toDecimalString(toPaise(price) + variation.priceAdjustment),
    stockQuantity: variation.stockQuantity,
    isActive: variation.isActive,
    ...packingOf(variation),
    priceBreaks: variation.priceBreaks,
    sortOrder,
  };
}
