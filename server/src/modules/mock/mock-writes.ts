import { randomUUID } from 'node:crypto';
import type { Value } from '../../engine';
import { badInput, conflict, notFound } from '../../errors';
import { keyText, type MockData, type MockRow } from './mock-data';
import type { OverlayStore } from './overlay';

/**
 * Mutations of a mock: each writes one overlay entry (the row's whole new
 * values, or a deletion) and adds it to this request's view, so the payload
 * and the next read show it. `authorize` throws when the caller may not write.
 */
export class MockWrites {
  constructor(
    private readonly data: MockData,
    private readonly store: OverlayStore,
    private readonly authorize: () => void,
  ) {}

  async create(table: string, input: Record<string, Value>): Promise<MockRow> {
    this.authorize();
    const pk = this.data.primaryKey(table);
    const values: Record<string, Value> = { ...this.templateRow(table) };
    for (const [field, value] of Object.entries(input)) if (value !== undefined) values[field] = value;
    if (pk && (input[pk] === undefined || input[pk] === null)) values[pk] = this.newKey(table, pk);
    checkSize(values);
    const key = pk ? keyText(values[pk]) : randomUUID();
    if (pk && this.data.byKey(table, values[pk])) throw conflict(`A ${table} row with ${pk} ${key} exists already.`, { path: `input.${pk}` });
    const entry = await this.store.put({ table, key, baseIndex: null, values });
    this.data.overlay.add(entry);
    return { table, ref: { created: key }, values };
  }

  async update(table: string, key: Value, patch: Record<string, Value>): Promise<MockRow> {
    this.authorize();
    const row = this.existing(table, key);
    const pk = this.data.primaryKey(table)!;
    if (patch[pk] !== undefined && keyText(patch[pk]) !== keyText(row.values[pk])) throw badInput(`input.patch.${pk}`, 'the key of a row cannot change: delete it and create another');
    const values = { ...row.values };
    for (const [field, value] of Object.entries(patch)) if (value !== undefined) values[field] = value;
    checkSize(values);
    const entry = await this.store.put({ table, key: keyText(row.values[pk]), baseIndex: 'base' in row.ref ? row.ref.base : null, values });
    this.data.overlay.add(entry);
    return { ...row, values };
  }

  async delete(table: string, key: Value): Promise<MockRow> {
    this.authorize();
    const row = this.existing(table, key);
    const pk = this.data.primaryKey(table)!;
    const entry = await this.store.put({ table, key: keyText(row.values[pk]), baseIndex: 'base' in row.ref ? row.ref.base : null, values: null });
    this.data.overlay.add(entry);
    return row;
  }

  async reset(): Promise<number> {
    this.authorize();
    return this.store.reset();
  }

  private existing(table: string, key: Value): MockRow {
    if (!this.data.primaryKey(table)) throw badInput('input', `"${table}" has no primary key: its rows cannot be updated or deleted one by one`);
    const row = this.data.byKey(table, key);
    if (!row) throw notFound(table, keyText(key));
    return row;
  }

  /** Values for the fields a create leaves out: a generated row's, so a new row looks like the others. */
  private templateRow(table: string): Record<string, Value> {
    const total = this.data.access.totalRows(table);
    const values = total > 0 ? this.data.access.row(table, this.data.overlay.created(table).length % total) : null;
    return values ? this.data.named(table, values) : Object.fromEntries(this.data.fields(table).map((f) => [f, null]));
  }

  /** A sequence key continues past the generated rows and those created; other keys get a fresh uuid. */
  private newKey(table: string, pk: string): Value {
    const t = this.data.access.table(table);
    const def = t.def.fields.find((f) => f.name === pk)!;
    if (def.generator !== 'sequence') return randomUUID();
    const { start = 1, step = 1 } = (def.options ?? {}) as { start?: number; step?: number };
    let index = t.layout.rows + this.data.overlay.created(table).length;
    while (this.data.overlay.ofKey(table, String(start + index * step))) index++;
    return start + index * step;
  }
}

/** Bytes one changed row may hold as JSON: with the overlay's row bound, what a mock can make the server keep. */
export const MAX_OVERLAY_ROW_BYTES = 65_536;

function checkSize(values: Record<string, Value>) {
  const bytes = Buffer.byteLength(JSON.stringify(values));
  if (bytes > MAX_OVERLAY_ROW_BYTES) throw badInput('input', `the row holds ${bytes.toLocaleString('en-US')} bytes as JSON; a mock keeps at most ${MAX_OVERLAY_ROW_BYTES.toLocaleString('en-US')} per row`);
}
