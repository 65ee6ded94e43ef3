import type { DataSource, EntityManager } from 'typeorm';
import type { Value } from '../../engine';
import type { Filter } from './filter';
import { filterSql } from './filter-sql';
import { entryBytes, overlayFull, type ChangedRow, type NewEntry, type OverlayBounds, type OverlayEntry, type OverlayStore, type TableCounts } from './overlay';

/** Which mock an overlay belongs to: each (blueprint, revision, seed) has its own. */
export interface MockId {
  blueprintId: string;
  projectId: string;
  revision: number;
  seed: number;
}

interface OverlayRow {
  table_name: string;
  row_key: string;
  base_index: string | null;
  values: Record<string, Value> | null;
  seq: string;
}

const WHERE_MOCK = 'blueprint_id = $1 AND revision = $2 AND seed = $3';
const COLUMNS = 'table_name, row_key, base_index, "values", seq';

/**
 * The server's overlay: rows of `mock_overlay_rows`, read by key, by index
 * and by range with filters evaluated in SQL, never whole. The bounds are the
 * blueprint's (across its revisions and seeds: a mock per seed is free to
 * open) and the project's; writers of a project take turns on an advisory
 * lock, so the bounds hold however many write at once, and each write reads
 * the usage rows instead of counting the overlay.
 */
export class PgOverlayStore implements OverlayStore {
  constructor(
    private readonly db: DataSource,
    private readonly mock: MockId,
    private readonly bounds: OverlayBounds,
  ) {}

  private get ids(): unknown[] {
    return [this.mock.blueprintId, this.mock.revision, this.mock.seed];
  }

  async counts(): Promise<Map<string, TableCounts>> {
    const rows: { table_name: string; changed: string; created: string }[] = await this.db.query(
      `SELECT table_name, count(*) FILTER (WHERE base_index IS NOT NULL) AS changed, count(*) FILTER (WHERE base_index IS NULL AND "values" IS NOT NULL) AS created
       FROM mock_overlay_rows WHERE ${WHERE_MOCK} GROUP BY table_name`,
      this.ids,
    );
    return new Map(rows.map((r) => [r.table_name, { changed: Number(r.changed), created: Number(r.created) }]));
  }

  async atIndices(table: string, indices: number[]): Promise<OverlayEntry[]> {
    if (!indices.length) return [];
    const rows: OverlayRow[] = await this.db.query(`SELECT ${COLUMNS} FROM mock_overlay_rows WHERE ${WHERE_MOCK} AND table_name = $4 AND base_index = ANY($5::bigint[])`, [...this.ids, table, indices]);
    return rows.map(entryOf);
  }

  async ofKeys(table: string, keys: string[]): Promise<OverlayEntry[]> {
    if (!keys.length) return [];
    const rows: OverlayRow[] = await this.db.query(`SELECT ${COLUMNS} FROM mock_overlay_rows WHERE ${WHERE_MOCK} AND table_name = $4 AND row_key = ANY($5::text[])`, [...this.ids, table, keys]);
    return rows.map(entryOf);
  }

  async changed(table: string, range: { from: number; to: number; outside?: boolean }, filter?: Filter): Promise<ChangedRow[]> {
    const params: unknown[] = [...this.ids, table, range.from, range.to];
    const keep = `("values" IS NOT NULL AND coalesce(${filter ? filterSql(filter, params) : 'TRUE'}, FALSE))`;
    const where = range.outside ? `(base_index < $5 OR base_index >= $6) AND ${keep}` : 'base_index >= $5 AND base_index < $6';
    const rows: { base_index: string; keep: boolean }[] = await this.db.query(
      `SELECT base_index, ${keep} AS keep FROM mock_overlay_rows WHERE ${WHERE_MOCK} AND table_name = $4 AND base_index IS NOT NULL AND ${where} ORDER BY base_index`,
      params,
    );
    return rows.map((r) => ({ index: Number(r.base_index), keep: r.keep }));
  }

  async createdKeys(table: string, filter?: Filter): Promise<string[]> {
    const params: unknown[] = [...this.ids, table];
    const rows: { row_key: string }[] = await this.db.query(
      `SELECT row_key FROM mock_overlay_rows WHERE ${WHERE_MOCK} AND table_name = $4 AND base_index IS NULL AND "values" IS NOT NULL AND coalesce(${filter ? filterSql(filter, params) : 'TRUE'}, FALSE) ORDER BY seq`,
      params,
    );
    return rows.map((r) => r.row_key);
  }

  put(entry: NewEntry): Promise<OverlayEntry> {
    return this.write(entry, true) as Promise<OverlayEntry>;
  }

  insert(entry: NewEntry): Promise<OverlayEntry | null> {
    return this.write(entry, false);
  }

  /** One write under the project's lock: the bounds are checked against the usage rows, then the row and the usage change together. */
  private write(entry: NewEntry, replace: boolean): Promise<OverlayEntry | null> {
    const bytes = entryBytes(entry.values);
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('seedbed-mock-overlay:' || $1, 0))`, [this.mock.projectId]);
      const [old]: { bytes: number; live: boolean }[] = await tx.query(
        `SELECT bytes, "values" IS NOT NULL AS live FROM mock_overlay_rows WHERE ${WHERE_MOCK} AND table_name = $4 AND row_key = $5`,
        [...this.ids, entry.table, entry.key],
      );
      if (old && !replace && old.live) return null;
      const addRows = old ? 0 : 1;
      const addBytes = bytes - (old?.bytes ?? 0);
      if (addRows > 0 || addBytes > 0) await this.checkBounds(tx, addRows, addBytes);
      const [row]: OverlayRow[] = await tx.query(
        `INSERT INTO mock_overlay_rows (blueprint_id, revision, seed, table_name, row_key, base_index, "values", bytes)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
         ON CONFLICT (blueprint_id, revision, seed, table_name, row_key)
         DO UPDATE SET base_index = EXCLUDED.base_index, "values" = EXCLUDED."values", bytes = EXCLUDED.bytes, seq = nextval(pg_get_serial_sequence('mock_overlay_rows', 'seq'))
         RETURNING ${COLUMNS}`,
        [...this.ids, entry.table, entry.key, entry.baseIndex, entry.values === null ? null : JSON.stringify(entry.values), bytes],
      );
      await tx.query(
        `INSERT INTO mock_overlay_usage (blueprint_id, project_id, rows, bytes) VALUES ($1, $2, $3, $4)
         ON CONFLICT (blueprint_id) DO UPDATE SET rows = mock_overlay_usage.rows + EXCLUDED.rows, bytes = mock_overlay_usage.bytes + EXCLUDED.bytes`,
        [this.mock.blueprintId, this.mock.projectId, addRows, addBytes],
      );
      return entryOf(row);
    });
  }

  private async checkBounds(tx: EntityManager, addRows: number, addBytes: number) {
    const [usage]: { rows: string; bytes: string; project_rows: string; project_bytes: string }[] = await tx.query(
      `SELECT coalesce(sum(rows) FILTER (WHERE blueprint_id = $1), 0) AS rows, coalesce(sum(bytes) FILTER (WHERE blueprint_id = $1), 0) AS bytes,
              coalesce(sum(rows), 0) AS project_rows, coalesce(sum(bytes), 0) AS project_bytes
       FROM mock_overlay_usage WHERE project_id = $2`,
      [this.mock.blueprintId, this.mock.projectId],
    );
    const { bounds } = this;
    if (addRows && Number(usage.rows) + addRows > bounds.rows) throw overlayFull({ rows: bounds.rows }, await this.fullest(tx));
    if (addBytes > 0 && Number(usage.bytes) + addBytes > bounds.bytes) throw overlayFull({ bytes: bounds.bytes }, await this.fullest(tx));
    if (addRows && Number(usage.project_rows) + addRows > bounds.projectRows) throw overlayFull({ rows: bounds.projectRows, project: true });
    if (addBytes > 0 && Number(usage.project_bytes) + addBytes > bounds.projectBytes) throw overlayFull({ bytes: bounds.projectBytes, project: true });
  }

  /** The blueprint's mocks holding the most changed rows, for the refusal to say which to reset. */
  private async fullest(tx: EntityManager): Promise<string[]> {
    const rows: { revision: number; seed: number; count: string; bytes: string }[] = await tx.query(
      'SELECT revision, seed, count(*) AS count, sum(bytes) AS bytes FROM mock_overlay_rows WHERE blueprint_id = $1 GROUP BY revision, seed ORDER BY count(*) DESC, revision, seed LIMIT 3',
      [this.mock.blueprintId],
    );
    return rows.map((r) => `revision ${r.revision} seed ${r.seed}: ${Number(r.count).toLocaleString('en-US')} rows, ${Number(r.bytes).toLocaleString('en-US')} bytes`);
  }

  async reset(): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('seedbed-mock-overlay:' || $1, 0))`, [this.mock.projectId]);
      const [freed]: { rows: string; bytes: string }[] = await tx.query(
        `WITH gone AS (DELETE FROM mock_overlay_rows WHERE ${WHERE_MOCK} RETURNING bytes) SELECT count(*) AS rows, coalesce(sum(bytes), 0) AS bytes FROM gone`,
        this.ids,
      );
      await tx.query('UPDATE mock_overlay_usage SET rows = rows - $2, bytes = bytes - $3 WHERE blueprint_id = $1', [this.mock.blueprintId, Number(freed.rows), Number(freed.bytes)]);
      return Number(freed.rows);
    });
  }
}

function entryOf(row: OverlayRow): OverlayEntry {
  return { table: row.table_name, key: row.row_key, baseIndex: row.base_index === null ? null : Number(row.base_index), values: row.values, seq: Number(row.seq) };
}
