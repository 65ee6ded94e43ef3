import { randomUUID } from 'node:crypto';
import type { Value } from '../../engine';
import { AppError, badInput, conflict, notFound } from '../../errors';
import { jsonIssue } from '../../json-input';
import type { Filter } from './filter';
import { keyText, type MockData, type MockRow } from './mock-data';
import { entryBytes, MAX_JSON_DEPTH, MAX_JSON_NODES, MAX_OVERLAY_ROW_BYTES, type NewEntry, type OverlayEntry, type OverlayStore } from './overlay';

/** Keys tried for a created row before giving up (other writers took the ones before). */
const KEY_ATTEMPTS = 50;

/**
 * Mutations of a mock: each writes overlay entries (a row's whole new
 * values, or a deletion), adds them to this request's view so the payload
 * and later reads see them, and announces the change to live subscriptions.
 * `authorize` throws when the caller may not write.
 */
export class MockWrites {
  constructor(
    private readonly data: MockData,
    private readonly store: OverlayStore,
    private readonly authorize: () => void,
    private readonly changed: () => void = () => {},
  ) {}

  async create(table: string, input: Record<string, Value>, path = 'input'): Promise<MockRow> {
    this.authorize();
    const pk = this.data.primaryKey(table);
    const values: Record<string, Value> = { ...(await this.templateRow(table)) };
    for (const [field, value] of Object.entries(input)) if (value !== undefined) values[field] = value;
    checkValues(values, path);
    const given = pk !== undefined && input[pk] !== undefined && input[pk] !== null;
    if (given && (await this.data.byKey(table, values[pk!]))) throw conflict(`A ${table} row with ${pk} ${keyText(values[pk!])} exists already.`, { path: `${path}.${pk}` });
    for (let attempt = 0; attempt < (given || !pk ? 1 : KEY_ATTEMPTS); attempt++) {
      if (pk && !given) values[pk] = this.newKey(table, pk, attempt);
      const key = pk ? keyText(values[pk]) : randomUUID();
      const entry = await this.store.insert({ table, key, baseIndex: null, values });
      if (entry) return this.wrote(entry, true, { table, ref: { created: key }, values });
      if (given) throw conflict(`A ${table} row with ${pk} ${key} exists already.`, { path: `${path}.${pk}` });
    }
    throw conflict(`Could not find a free key for a new ${table} row; try again.`);
  }

  async update(table: string, key: Value, patch: Record<string, Value>, options: { inc?: Record<string, Value>; path?: string } = {}): Promise<MockRow> {
    this.authorize();
    return this.change(await this.existing(table, key), patch, options);
  }

  async delete(table: string, key: Value): Promise<MockRow> {
    this.authorize();
    return this.remove(await this.existing(table, key));
  }

  /** Hasura's `update_x(where:)`: every row the filter selects (at most the rows one answer may hold). */
  async updateWhere(table: string, filter: Filter, patch: Record<string, Value>, options: { inc?: Record<string, Value>; path?: string } = {}): Promise<MockRow[]> {
    this.authorize();
    const rows = await this.selected(table, filter);
    const out: MockRow[] = [];
    for (const row of rows) out.push(await this.change(row, patch, options));
    return out;
  }

  async deleteWhere(table: string, filter: Filter): Promise<MockRow[]> {
    this.authorize();
    const rows = await this.selected(table, filter);
    const out: MockRow[] = [];
    for (const row of rows) out.push(await this.remove(row));
    return out;
  }

  async reset(): Promise<number> {
    this.authorize();
    const count = await this.store.reset();
    this.changed();
    return count;
  }

  private async selected(table: string, filter: Filter): Promise<MockRow[]> {
    const selection = await this.data.select({ table, filter });
    if (selection.count > this.data.maxRows) throw new AppError('QUERY_TOO_COMPLEX', `This mutation would change ${selection.count.toLocaleString('en-US')} rows; at most ${this.data.maxRows.toLocaleString('en-US')} at once.`);
    return (await this.data.rowsAt(table, selection.slice(0, selection.count))).filter((r): r is MockRow => !!r);
  }

  private async change(row: MockRow, patch: Record<string, Value>, { inc, path = 'input' }: { inc?: Record<string, Value>; path?: string }): Promise<MockRow> {
    const pk = this.data.primaryKey(row.table)!;
    if (patch[pk] !== undefined && keyText(patch[pk]) !== keyText(row.values[pk])) throw badInput(`${path}.${pk}`, 'the key of a row cannot change: delete it and create another');
    const values = { ...row.values };
    for (const [field, value] of Object.entries(patch)) if (value !== undefined) values[field] = value;
    for (const [field, by] of Object.entries(inc ?? {})) {
      if (by === null || by === undefined) continue;
      if (typeof by !== 'number' || (typeof values[field] !== 'number' && values[field] !== null)) throw badInput(`${path}.${field}`, `${field} is not a number to add to`);
      values[field] = ((values[field] as number | null) ?? 0) + by;
    }
    checkValues(values, path);
    const entry = await this.store.put(this.entry(row, values));
    return this.wrote(entry, false, { ...row, values });
  }

  private async remove(row: MockRow): Promise<MockRow> {
    const entry = await this.store.put(this.entry(row, null));
    return this.wrote(entry, false, row);
  }

  private entry(row: MockRow, values: Record<string, Value> | null): NewEntry {
    const pk = this.data.primaryKey(row.table)!;
    return { table: row.table, key: keyText(row.values[pk]), baseIndex: 'base' in row.ref ? row.ref.base : null, values };
  }

  private wrote(entry: OverlayEntry, created: boolean, row: MockRow): MockRow {
    this.data.overlay.wrote(entry, created);
    this.changed();
    return row;
  }

  private async existing(table: string, key: Value): Promise<MockRow> {
    if (!this.data.primaryKey(table)) throw badInput('input', `"${table}" has no primary key: its rows cannot be updated or deleted one by one`);
    const row = await this.data.byKey(table, key);
    if (!row) throw notFound(table, keyText(key));
    return row;
  }

  /** Values for the fields a create leaves out: a generated row's, so a new row looks like the others. */
  private async templateRow(table: string): Promise<Record<string, Value>> {
    const total = this.data.access.totalRows(table);
    const values = total > 0 ? this.data.access.row(table, this.data.overlay.createdCount(table) % total) : null;
    return values ? this.data.named(table, values) : Object.fromEntries(this.data.fields(table).map((f) => [f, null]));
  }

  /** A sequence key continues past the generated rows and those created (`attempt` steps past keys others took); other keys get a fresh uuid. */
  private newKey(table: string, pk: string, attempt: number): Value {
    const t = this.data.access.table(table);
    const def = t.def.fields.find((f) => f.name === pk)!;
    if (def.generator !== 'sequence') return randomUUID();
    const { start = 1, step = 1 } = (def.options ?? {}) as { start?: number; step?: number };
    return start + (t.layout.rows + this.data.overlay.createdCount(table) + attempt) * step;
  }
}

/** What one row may hold (PRODUCT.md §9): each JSON value at most 10,000 nodes and 32 deep, text PostgreSQL stores, 64 KiB in all. */
export function checkValues(values: Record<string, Value>, path: string): void {
  for (const [field, value] of Object.entries(values)) {
    if (value === null || typeof value !== 'object') {
      const issue = jsonIssue(value, { path: `${path}.${field}` });
      if (issue) throw badInput(issue.path, `${issue.path} ${issue.message}`);
      continue;
    }
    const issue = jsonIssue(value, { path: `${path}.${field}`, maxDepth: MAX_JSON_DEPTH });
    if (issue) throw badInput(issue.path, `${issue.path} ${issue.message}`);
    const nodes = countNodes(value, MAX_JSON_NODES);
    if (nodes > MAX_JSON_NODES) throw badInput(`${path}.${field}`, `${path}.${field} holds more than ${MAX_JSON_NODES.toLocaleString('en-US')} JSON values; a mock keeps at most that many per value`);
  }
  const bytes = entryBytes(values);
  if (bytes > MAX_OVERLAY_ROW_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `The row holds ${bytes.toLocaleString('en-US')} bytes as JSON; a mock keeps at most ${MAX_OVERLAY_ROW_BYTES.toLocaleString('en-US')} per row.`, { path });
}

/** Nodes of a JSON value, counted without recursion and stopping past `limit`. */
function countNodes(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length && count <= limit) {
    const item = stack.pop();
    count++;
    if (item && typeof item === 'object') for (const child of Object.values(item)) stack.push(child);
  }
  return count;
}
