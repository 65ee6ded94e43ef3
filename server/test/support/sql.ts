/** One SQL statement on a test database, outside any server: e.g. for migration tests that take tables down and up. */
import { Client } from 'pg';

/** The rows `query` (with `params`) returns on the database at `url`, over a connection of its own. */
export async function sqlOn<T = any>(url: string, query: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query, params)).rows;
  } finally {
    await client.end();
  }
}
