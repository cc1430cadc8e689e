import { count, desc, eq, inArray, sql } from 'drizzle-orm';

import {
  type DocumentsSettings,
  SETTINGS_SCHEMAS,
  SETTINGS_SECTIONS,
  type SettingsAnswer,
  type SettingsHistoryPage,
  type SettingsHistoryQuery,
  type SettingsSection,
  type SettingsVersion,
  type SetupSteps,
  type ShopSettings,
} from '#domains/settings/schema.ts';
import { type PublicShop, publicShopOf } from '#domains/settings/shop.ts';
import { settingsVersions } from '#domains/settings/tables.ts';
import { uploadedImage } from '#lib/images.ts';
import type { Actor } from '#platform/audit/service.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { onPage } from '#platform/db/lists.ts';

/** The NOTIFY channel of settings changes. */
export const SETTINGS_CHANNEL = 'settings_changed';
const HISTORY_LENGTH = 50;

interface Loaded {
  settings: ShopSettings;
  /** The business section in force is still the seeded one: nobody has saved the shop's own details. */
  demo: boolean;
  /** The sections an administrator has saved (the others are still their first, seeded, values). */
  saved: ReadonlySet<SettingsSection>;
}

/** How far the shop is set up: the sections saved by an administrator, and a logo and signature for its documents. */
function setupOf({ settings, saved }: Loaded): SetupSteps {
  return {
    details: saved.has('business'),
    dispatch: saved.has('dispatch'),
    payments: saved.has('payments'),
    images: settings.documents.logo !== null && settings.documents.signature !== null,
  };
}

/**
 * The shop's own settings, held in memory and read on every request; a save is a new version, announced to every
 * process (buildApp listens on SETTINGS_CHANNEL and invalidates). A section with no version yet is seeded once.
 */
export class SettingsService {
  private loaded: Promise<Loaded> | null = null;
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly seed: ShopSettings,
  ) {}

  /**
   * The settings in force. Inside a transaction pass it: on PGlite's one connection a read beside an open
   * transaction would wait for it forever (only the first read after a change touches the database).
   */
  async current(db: Db | Tx = this.db): Promise<ShopSettings> {
    return (await this.load(db)).settings;
  }

  /** The shop as the pages and e-mails show it (its public details and hours). */
  async publicShop(db: Db | Tx = this.db): Promise<PublicShop> {
    return publicShopOf(await this.current(db));
  }

  /** True until an administrator has saved the business section (legal name, GSTIN and address). */
  async isDemo(db: Db | Tx = this.db): Promise<boolean> {
    return (await this.load(db)).demo;
  }

  async answer(): Promise<SettingsAnswer> {
    const loaded = await this.load(this.db);
    const { items: history } = await this.history({ page: 1, pageSize: HISTORY_LENGTH });
    return { settings: loaded.settings, demo: loaded.demo, setup: setupOf(loaded), history };
  }

  /** A page of the versions saved, newest first: every section's, or one's. */
  async history({ page, pageSize, section }: SettingsHistoryQuery): Promise<SettingsHistoryPage> {
    const where = section ? eq(settingsVersions.section, section) : undefined;
    const [rows, [total]] = await Promise.all([
      onPage(
        this.db
          .select({
            id: settingsVersions.id,
            section: settingsVersions.section,
            savedBy: settingsVersions.savedByUsername,
            savedAt: settingsVersions.savedAt,
          })
          .from(settingsVersions)
          .where(where)
          .orderBy(desc(settingsVersions.id))
          .$dynamic(),
        { page, pageSize },
      ),
      this.db.select({ total: count() }).from(settingsVersions).where(where),
    ]);
    const items: SettingsVersion[] = rows.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() }));
    return { items, total: total?.total ?? 0, page, pageSize };
  }

  /** Saves one section as a new version (the input checked by its schema first: nothing half-saved). */
  async save<S extends SettingsSection>(section: S, value: ShopSettings[S], actor: Actor): Promise<SettingsAnswer> {
    await this.db.transaction(async (tx) => {
      await tx.insert(settingsVersions).values({ section, value, savedByUserId: actor.userId, savedByUsername: actor.username });
      await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, '')`);
    });
    this.invalidate();
    return this.answer();
  }

  /**
   * The content hashes of every logo and signature any version of the settings held: documents issued with one keep
   * drawing it, so the image sweep must never take them.
   */
  async imageHashesInUse(): Promise<Set<string>> {
    const rows = await this.db
      .select({ value: settingsVersions.value })
      .from(settingsVersions)
      .where(eq(settingsVersions.section, 'documents'));
    const hashes = rows.flatMap(({ value }) => {
      const { logo, signature } = value as Partial<DocumentsSettings>;
      return [logo, signature].map((url) => (url ? uploadedImage(url)?.hash : undefined));
    });
    return new Set(hashes.filter((hash) => hash !== undefined));
  }

  invalidate(): void {
    this.loaded = null;
    for (const listener of this.listeners) listener();
  }

  /** Called on every invalidation (the page cache clears itself with it). */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  private load(db: Db | Tx): Promise<Loaded> {
    if (!this.loaded) {
      const loading = this.read(db);
      this.loaded = loading;
      loading.catch(() => {
        if (this.loaded === loading) this.loaded = null;
      });
    }
    return this.loaded;
  }

  /**
   * Stores the first version of each section that has none (start-up calls it, after migrating): reads never write,
   * and until then a missing section is its seed. Another process may seed at the same moment: the insert skips a
   * section that has a version by then.
   */
  async ensureSeeded(): Promise<void> {
    for (const section of SETTINGS_SECTIONS) {
      await this.db.execute(sql`
        insert into settings_versions (section, value)
        select ${section}, ${JSON.stringify(this.seed[section])}::jsonb
        where not exists (select 1 from settings_versions where section = ${section})`);
    }
    this.invalidate();
  }

  private async read(db: Db | Tx): Promise<Loaded> {
    const latest = await this.latestVersions(db);
    const settings = Object.fromEntries(
      SETTINGS_SECTIONS.map((section) => {
        // A stored version is read through today's schema, so a field added later takes its seeded value.
        const stored = { ...this.seed[section], ...(latest.get(section)?.value as object | undefined) };
        const parsed = SETTINGS_SCHEMAS[section].safeParse(stored);
        return [section, parsed.success ? parsed.data : this.seed[section]];
      }),
    ) as unknown as ShopSettings;
    const saved = new Set([...latest].flatMap(([section, { seeded }]) => (seeded ? [] : [section])));
    return { settings, demo: !saved.has('business'), saved };
  }

  /**
   * The newest version of each section; `seeded`: nobody saved it (the seeded version has no username). The signing
   * certificate's versions are not settings: documents/signing.ts reads them.
   */
  private async latestVersions(db: Db | Tx): Promise<Map<SettingsSection, { value: unknown; seeded: boolean }>> {
    const rows = await db
      .selectDistinctOn([settingsVersions.section], {
        section: settingsVersions.section,
        value: settingsVersions.value,
        username: settingsVersions.savedByUsername,
      })
      .from(settingsVersions)
      .where(inArray(settingsVersions.section, SETTINGS_SECTIONS))
      .orderBy(settingsVersions.section, desc(settingsVersions.id));
    return new Map(rows.map((row) => [row.section as SettingsSection, { value: row.value, seeded: row.username === null }]));
  }
}
