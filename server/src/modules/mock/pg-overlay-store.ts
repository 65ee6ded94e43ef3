import type { DataSource } from 'typeorm';
import type { Value } from '../../engine';
import { Overlay, overlayFull, type OverlayEntry, type OverlayStore } from './overlay';

/** Which mock an overlay belongs to: each (blueprint, revision, seed) has its own. */
export interface MockId {
  blueprintId: string;
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

/**
 * The server's overlay: rows of `mock_overlay_rows`, read once per request.
 * The bound on changed rows is the blueprint's, across all its revisions and
 * seeds: a mock per seed is free to open, so a per-mock bound would not bound
 * what an EDITOR can make the server keep.
 */
export class PgOverlayStore implements OverlayStore {
  constructor(
    private readonly db: DataSource,
    private readonly mock: MockId,
    private readonly maxRows: number,
  ) {}

  private get ids() {
    return [this.mock.blueprintId, this.mock.revision, this.mock.seed];
  }

  async load(): Promise<Overlay> {
    const rows: OverlayRow[] = await this.db.query(`SELECT table_name, row_key, base_index, "values", seq FROM mock_overlay_rows WHERE ${WHERE_MOCK}`, this.ids);
    return new Overlay(rows.map(entryOf));
  }

  async put(entry: Omit<OverlayEntry, 'seq'>): Promise<OverlayEntry> {
    // One statement: the bound is checked where the row is written (a rewrite of a row already there always fits).
    const rows: OverlayRow[] = await this.db.query(
      `INSERT INTO mock_overlay_rows (blueprint_id, revision, seed, table_name, row_key, base_index, "values")
       SELECT $1, $2, $3, $4, $5, $6, $7::jsonb
       WHERE (SELECT count(*) FROM mock_overlay_rows WHERE blueprint_id = $1) < $8
          OR EXISTS (SELECT 1 FROM mock_overlay_rows WHERE ${WHERE_MOCK} AND table_name = $4 AND row_key = $5)
       ON CONFLICT (blueprint_id, revision, seed, table_name, row_key)
       DO UPDATE SET base_index = EXCLUDED.base_index, "values" = EXCLUDED."values", seq = nextval(pg_get_serial_sequence('mock_overlay_rows', 'seq'))
       RETURNING table_name, row_key, base_index, "values", seq`,
      [...this.ids, entry.table, entry.key, entry.baseIndex, entry.values === null ? null : JSON.stringify(entry.values), this.maxRows],
    );
    if (!rows.length) throw overlayFull(this.maxRows, await this.fullest());
    return entryOf(rows[0]);
  }

  /** The blueprint's mocks holding the most changed rows, for the refusal to say which to reset. */
  private async fullest(): Promise<string[]> {
    const rows: { revision: number; seed: number; count: string }[] = await this.db.query(
      'SELECT revision, seed, count(*) AS count FROM mock_overlay_rows WHERE blueprint_id = $1 GROUP BY revision, seed ORDER BY count(*) DESC, revision, seed LIMIT 3',
      [this.mock.blueprintId],
    );
    return rows.map((r) => `revision ${r.revision} seed ${r.seed}: ${Number(r.count).toLocaleString('en-US')}`);
  }

  async reset(): Promise<number> {
    const [, count]: [unknown, number] = await this.db.query(`DELETE FROM mock_overlay_rows WHERE ${WHERE_MOCK}`, this.ids);
    return count;
  }
}

function entryOf(row: OverlayRow): OverlayEntry {
  return { table: row.table_name, key: row.row_key, baseIndex: row.base_index === null ? null : Number(row.base_index), values: row.values, seq: Number(row.seq) };
}
