// PostgreSQL server-level helpers shared by the global setup and the per-file databases.
import pg from 'pg';

export const TEMPLATE_DATABASE = 'shop_test_template';
/** Every database the tests create starts with this; teardown drops whatever is left. */
export const TEST_DATABASE_PREFIX = 'shop_test_';

export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The admin URL pointed at another database on the same server. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
