import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';

import { productRowsOf, variationRowsOf } from '#domains/catalogue/queries.server.ts';
import type { CatalogueService } from '#domains/catalogue/service.server.ts';
import type {
  CustomerPriceGroup,
  PriceGroupBody,
  PriceGroupDetail,
  PriceGroupSummary,
} from '#domains/customer/price-group-schema.ts';
import { customerKeys, customers, priceGroupMembers, priceGroupPrices, priceGroups } from '#domains/customer/tables.ts';
import { accountCustomerIds } from '#domains/enquiry/rows.server.ts';
import type { GroupPrice, PriceGroupTerms } from '#domains/pricing/model.ts';
import { conflict, invalid, notFound } from '#lib/errors.ts';
import type { Actor, AuditLog } from '#platform/audit/service.ts';
import type { Db } from '#platform/db/client.ts';
import { isUniqueViolation } from '#platform/idempotency/keys.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The NOTIFY channel of changes to who is in which group (migration 0040's trigger). */
export const PRICE_MEMBERSHIP_CHANNEL = 'price_membership';
/** Accounts whose group is kept at once; past it the map starts again (a shop's signed-in customers are fewer). */
const MAX_KEPT_MEMBERSHIPS = 10_000;
const missing = (id: number) => notFound(`Price group ${id} not found`);
const taken = (name: string) => conflict(`There is already a price group named ${name}`, { name: 'This name is taken' });

/** The group a customer record is in (the latest any of their e-mail and phone keys was put in), or null. */
export async function priceGroupOf(db: Db | Tx, customerId: number): Promise<CustomerPriceGroup | null> {
  const [row] = await db
    .select({ id: priceGroups.id, name: priceGroups.name })
    .from(priceGroupMembers)
    .innerJoin(customerKeys, eq(customerKeys.key, priceGroupMembers.key))
    .innerJoin(priceGroups, eq(priceGroups.id, priceGroupMembers.groupId))
    .where(eq(customerKeys.customerId, customerId))
    .orderBy(desc(priceGroupMembers.assignedAt))
    .limit(1);
  return row ?? null;
}

/**
 * Price groups (docs/decisions/511-trade-prices-minimums-steps-and-breaks.md): the groups the shop names, their terms,
 * the customers in them (by the customer's e-mail and phone keys, as reminder stops are kept), and the terms a
 * signed-in account or a customer record is priced by.
 */
export class PriceGroupService {
  /**
   * Each group's terms by id, read once: a page of a group's customer reads only which group they are in. Dropped with
   * the catalogue's cache, which every process drops on its NOTIFY (a group's change announces itself there, and a
   * product's change may change a group's prices).
   */
  private readonly terms = new Map<number, Promise<PriceGroupTerms | null>>();
  /** Which group an account is in (by the customer records of its enquiries): every page of a signed-in customer asks. */
  private readonly groupOfUser;
  /**
   * The answers of groupOfUser, by account, kept until anything that decides them changes: the database tells every
   * process so (PRICE_MEMBERSHIP_CHANNEL, a trigger on the tables that decide it) and buildApp calls forgetMemberships.
   * A read in flight when they change is dropped with the rest, so no answer older than the change stays.
   */
  private readonly groupIds = new Map<number, Promise<number | null>>();

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly catalogue: Pick<CatalogueService, 'announce' | 'invalidate' | 'onInvalidate'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    catalogue.onInvalidate(() => {
      this.terms.clear();
      // A group deleted takes its customers with it.
      this.groupIds.clear();
    });
    this.groupOfUser = db
      .select({ id: priceGroupMembers.groupId })
      .from(priceGroupMembers)
      .where(
        inArray(
          priceGroupMembers.key,
          db
            .select({ key: customerKeys.key })
            .from(customerKeys)
            .where(inArray(customerKeys.customerId, accountCustomerIds(db, sql.placeholder('userId')))),
        ),
      )
      .orderBy(desc(priceGroupMembers.assignedAt))
      .limit(1)
      .prepare('price_group_of_user');
  }

  /** Every group, by name (a shop names a handful), with how many own prices and customers each has. */
  async list(): Promise<PriceGroupSummary[]> {
    const [groups, prices, members] = await Promise.all([
      this.db
        .select()
        .from(priceGroups)
        .orderBy(asc(sql`lower(${priceGroups.name})`)),
      this.db.select({ groupId: priceGroupPrices.groupId, n: count() }).from(priceGroupPrices).groupBy(priceGroupPrices.groupId),
      // Customers, not keys: a customer in a group has one row per e-mail and phone.
      this.db
        .select({
          groupId: priceGroupMembers.groupId,
          n: sql<number>`count(distinct ${customerKeys.customerId})`.mapWith(Number),
        })
        .from(priceGroupMembers)
        .innerJoin(customerKeys, eq(customerKeys.key, priceGroupMembers.key))
        .groupBy(priceGroupMembers.groupId),
    ]);
    const countOf = (rows: Array<{ groupId: number; n: number }>, id: number) => rows.find((r) => r.groupId === id)?.n ?? 0;
    return groups.map((group) => ({
      id: group.id,
      name: group.name,
      kind: group.kind,
      percentOff: group.percentOff,
      prices: countOf(prices, group.id),
      customers: countOf(members, group.id),
    }));
  }

  async get(id: number): Promise<PriceGroupDetail> {
    const [group] = await this.db.select().from(priceGroups).where(eq(priceGroups.id, id));
    if (!group) throw missing(id);
    return { id, name: group.name, kind: group.kind, percentOff: group.percentOff, prices: await this.pricesOf(this.db, id) };
  }

  async create(body: PriceGroupBody, actor: Actor): Promise<PriceGroupDetail> {
    const id = await this.write(body.name, async (tx) => {
      await this.checkOptions(tx, body);
      const [row] = await tx
        .insert(priceGroups)
        .values({ name: body.name, kind: body.kind, percentOff: body.percentOff })
        .returning({ id: priceGroups.id });
      const groupId = (row as { id: number }).id;
      await this.insertPrices(tx, groupId, body.prices);
      await this.audit.record(tx, actor, {
        entity: 'price-group',
        entityId: groupId,
        action: 'created',
        before: null,
        after: body,
      });
      return groupId;
    });
    return this.get(id);
  }

  /** Replaces the group's name and terms, its own prices with them. */
  async update(id: number, body: PriceGroupBody, actor: Actor): Promise<PriceGroupDetail> {
    await this.write(body.name, async (tx) => {
      const [group] = await tx.select().from(priceGroups).where(eq(priceGroups.id, id)).for('update');
      if (!group) throw missing(id);
      await this.checkOptions(tx, body);
      const before = { name: group.name, kind: group.kind, percentOff: group.percentOff, prices: await this.pricesOf(tx, id) };
      await tx
        .update(priceGroups)
        .set({ name: body.name, kind: body.kind, percentOff: body.percentOff, updatedAt: this.now() })
        .where(eq(priceGroups.id, id));
      await tx.delete(priceGroupPrices).where(eq(priceGroupPrices.groupId, id));
      await this.insertPrices(tx, id, body.prices);
      await this.audit.record(tx, actor, { entity: 'price-group', entityId: id, action: 'updated', before, after: body });
      await this.catalogue.announce(tx);
      return id;
    });
    return this.get(id);
  }

  /** Deletes the group: its customers are at the public prices again; enquiries sent keep what they were priced at. */
  async remove(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [group] = await tx.delete(priceGroups).where(eq(priceGroups.id, id)).returning();
      if (!group) throw missing(id);
      await this.audit.record(tx, actor, {
        entity: 'price-group',
        entityId: id,
        action: 'deleted',
        before: { name: group.name, kind: group.kind, percentOff: group.percentOff },
        after: null,
      });
      await this.catalogue.announce(tx);
    });
    this.catalogue.invalidate();
  }

  /** The group a customer record is in, or null. */
  ofCustomer(customerId: number, db: Db | Tx = this.db): Promise<CustomerPriceGroup | null> {
    return priceGroupOf(db, customerId);
  }

  /** Puts the customer (every e-mail and phone key of theirs) in a group, or back at the public prices (null). */
  async setCustomerGroup(customerId: number, groupId: number | null, actor: Actor): Promise<CustomerPriceGroup | null> {
    await this.db.transaction(async (tx) => {
      const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
      if (!customer) throw notFound(`Customer ${customerId} not found`);
      if (groupId !== null) {
        const [group] = await tx.select({ id: priceGroups.id }).from(priceGroups).where(eq(priceGroups.id, groupId)).for('share');
        if (!group) throw invalid(`Price group ${groupId} not found`, { groupId: 'There is no such price group' });
      }
      const keys = (
        await tx.select({ key: customerKeys.key }).from(customerKeys).where(eq(customerKeys.customerId, customerId))
      ).map((row) => row.key);
      const before = await this.ofCustomer(customerId, tx);
      if ((before?.id ?? null) === groupId) return;
      await tx.delete(priceGroupMembers).where(inArray(priceGroupMembers.key, keys));
      if (groupId !== null) {
        const at = this.now();
        await tx
          .insert(priceGroupMembers)
          .values(keys.map((key) => ({ key, groupId, assignedBy: actor.username, assignedAt: at })));
      }
      await this.audit.record(tx, actor, {
        entity: 'customer',
        entityId: customerId,
        action: 'price-group',
        before,
        after: groupId === null ? null : await this.ofCustomer(customerId, tx),
      });
    });
    // This process at once; the others when the trigger's notice reaches them.
    this.forgetMemberships();
    return this.ofCustomer(customerId);
  }

  /**
   * The terms a signed-in account is priced by: the group of the customer record its own enquiries belong to (the
   * latest put in a group), else null (the public prices, as for a guest and an account that has sent nothing yet).
   */
  async termsOfUser(userId: number): Promise<PriceGroupTerms | null> {
    let groupId = this.groupIds.get(userId);
    if (!groupId) {
      if (this.groupIds.size >= MAX_KEPT_MEMBERSHIPS) this.groupIds.clear();
      groupId = this.groupOfUser.execute({ userId }).then(([row]) => row?.id ?? null);
      const kept = groupId;
      kept.catch(() => {
        if (this.groupIds.get(userId) === kept) this.groupIds.delete(userId);
      });
      this.groupIds.set(userId, kept);
    }
    const id = await groupId;
    return id === null ? null : this.termsById(id);
  }

  /** Something that decides who is in which group has changed (in any process): every account is read again. */
  forgetMemberships(): void {
    this.groupIds.clear();
  }

  /** The terms a customer record is priced by (the quote draft of any of their enquiries starts from them), or null. */
  async termsOfCustomer(customerId: number): Promise<PriceGroupTerms | null> {
    const group = await priceGroupOf(this.db, customerId);
    return group ? this.termsById(group.id) : null;
  }

  /** A group's terms, from memory once read (null: deleted meanwhile). */
  private termsById(id: number): Promise<PriceGroupTerms | null> {
    let terms = this.terms.get(id);
    if (!terms) {
      terms = this.db
        .select({ id: priceGroups.id, name: priceGroups.name, kind: priceGroups.kind, percentOff: priceGroups.percentOff })
        .from(priceGroups)
        .where(eq(priceGroups.id, id))
        .then(([row]) => (row ? this.termsOf(this.db, row) : null));
      terms.catch(() => this.terms.delete(id));
      this.terms.set(id, terms);
    }
    return terms;
  }

  private async termsOf(
    db: Db | Tx,
    group: { id: number; name: string; kind: PriceGroupTerms['kind']; percentOff: string | null },
  ): Promise<PriceGroupTerms> {
    return {
      name: group.name,
      kind: group.kind,
      percentOff: group.percentOff,
      prices: group.kind === 'prices' ? await this.pricesOf(db, group.id) : [],
    };
  }

  private async pricesOf(db: Db | Tx, groupId: number): Promise<GroupPrice[]> {
    const rows = await db
      .select({
        productId: priceGroupPrices.productId,
        variationId: priceGroupPrices.variationId,
        price: priceGroupPrices.price,
        priceBreaks: priceGroupPrices.priceBreaks,
      })
      .from(priceGroupPrices)
      .where(eq(priceGroupPrices.groupId, groupId))
      .orderBy(asc(priceGroupPrices.productId), sql`coalesce(${priceGroupPrices.variationId}, 0)`);
    return rows;
  }

  private async insertPrices(tx: Tx, groupId: number, prices: PriceGroupBody['prices']): Promise<void> {
    if (prices.length === 0) return;
    await tx.insert(priceGroupPrices).values(prices.map((line) => ({ groupId, ...line })));
  }

  /** Each own price names a product of the catalogue, and an option of that product. */
  private async checkOptions(tx: Tx, body: PriceGroupBody): Promise<void> {
    const productIds = [...new Set(body.prices.map((line) => line.productId))];
    const known = await productRowsOf(tx, productIds);
    body.prices.forEach((line, index) => {
      if (!known.some((product) => product.id === line.productId)) {
        throw invalid(`Product ${line.productId} is not in the catalogue`, { [`prices.${index}.productId`]: 'No such product' });
      }
    });
    const optioned = body.prices.filter((line) => line.variationId !== null);
    const found = await variationRowsOf(
      tx,
      optioned.map((line) => line.variationId as number),
    );
    body.prices.forEach((line, index) => {
      if (line.variationId !== null && !found.some((v) => v.id === line.variationId && v.productId === line.productId)) {
        throw invalid(`Option ${line.variationId} is not an option of product ${line.productId}`, {
          [`prices.${index}.variationId`]: 'Not an option of this product',
        });
      }
    });
  }

  /** A write that names the group: a name another group has (in any case) is refused with 409. */
  private async write(name: string, work: (tx: Tx) => Promise<number>): Promise<number> {
    try {
      const id = await this.db.transaction(work);
      this.catalogue.invalidate();
      return id;
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(name);
      throw error;
    }
  }
}
