/**
 * What a mock's answers must agree with, computed without the mock: every
 * row of every GraphQL type of an imported SDL, straight from the engine for
 * the document and seed (the rows API's values), named by the SDL's fields,
 * plus the writes the test has made (each checked against what the mutation
 * answered before it is recorded). Tests evaluate a query's arguments over
 * these rows themselves and compare with the answer.
 */
import { compileBlueprint, PlanAccess, type BlueprintDocument, type GraphqlKey } from '../../../src/engine';

export type Row = Record<string, any> & { $key: unknown; $refs: Record<string, unknown> };

export class Truth {
  private readonly generated = new Map<string, Row[]>();
  /** Per type: key → row (null: deleted) written over generated rows, and rows created, in order. */
  private readonly changed = new Map<string, Map<string, Row | null>>();
  private readonly created = new Map<string, Row[]>();
  readonly graphql: GraphqlKey;

  constructor(document: BlueprintDocument, seed: number) {
    const { graphql, mock: _limits, ...generation } = document as BlueprintDocument & { graphql: GraphqlKey };
    this.graphql = graphql;
    const plan = compileBlueprint(generation as BlueprintDocument, { seed });
    const access = new PlanAccess(plan, {});
    for (const [type, m] of Object.entries(graphql.mapping.types)) {
      const t = plan.table(m.table);
      const rows: Row[] = [];
      for (let r = 0; r < t.layout.rows; r++) {
        const values = access.row(m.table, r)!;
        const byColumn = Object.fromEntries(t.fields.map((f, i) => [f.name, values[i]]));
        const row: Row = { $key: byColumn[m.key], $refs: {} };
        for (const [name, f] of Object.entries(m.fields)) {
          if ('column' in f) row[name] = f.globalId ? globalId(f.globalId, type, m.table, byColumn[f.column]) : byColumn[f.column];
          else if ('ref' in f) row.$refs[name] = byColumn[f.ref];
        }
        rows.push(row);
      }
      this.generated.set(type, rows);
    }
  }

  /** Every row of a type as the mock should now have it, in its order: generated rows (as changed), then created ones. */
  rows(type: string): Row[] {
    const changed = this.changed.get(type) ?? new Map();
    const out: Row[] = [];
    for (const row of this.generated.get(type) ?? []) {
      const key = String(row.$key);
      if (!changed.has(key)) out.push(row);
      else if (changed.get(key)) out.push(changed.get(key)!);
    }
    return [...out, ...(this.created.get(type) ?? [])];
  }

  byKey(type: string, key: unknown): Row | undefined {
    return this.rows(type).find((r) => String(r.$key) === String(key));
  }

  /** Rows of `type` whose ref field `field` points at `key`, in order. */
  childrenOf(type: string, field: string, key: unknown): Row[] {
    return this.rows(type).filter((r) => String(r.$refs[field]) === String(key));
  }

  /** Records a created row, as the mutation answered it (after the test checked that answer). */
  recordCreate(type: string, row: Record<string, unknown>, refs: Record<string, unknown> = {}): void {
    const key = row[this.keyField(type)];
    const list = this.created.get(type) ?? [];
    list.push({ ...row, $key: key, $refs: refs });
    this.created.set(type, list);
  }

  recordUpdate(type: string, key: unknown, patch: Record<string, unknown>): void {
    const current = this.byKey(type, key)!;
    const next = { ...current, ...patch };
    const createdList = this.created.get(type) ?? [];
    const at = createdList.findIndex((r) => String(r.$key) === String(key));
    if (at >= 0) createdList[at] = next;
    else this.changes(type).set(String(key), next);
  }

  recordDelete(type: string, key: unknown): void {
    const createdList = this.created.get(type) ?? [];
    const at = createdList.findIndex((r) => String(r.$key) === String(key));
    if (at >= 0) createdList.splice(at, 1);
    else this.changes(type).set(String(key), null);
  }

  /** The GraphQL field of a type that answers its raw key. */
  keyField(type: string): string {
    const m = this.graphql.mapping.types[type];
    return Object.entries(m.fields).find(([, f]) => 'column' in f && f.column === m.key && !f.globalId)![0];
  }

  private changes(type: string): Map<string, Row | null> {
    let map = this.changed.get(type);
    if (!map) this.changed.set(type, (map = new Map()));
    return map;
  }
}

/** Relay's and PostGraphile's global ids, written here independently of the mock. */
export function globalId(style: string, type: string, table: string, key: unknown): string {
  return Buffer.from(style === 'postgraphile' ? JSON.stringify([table, key]) : `${type}:${key}`).toString('base64');
}

/** Keys of rows, as text, for comparing lists. */
export const keys = (rows: { $key?: unknown; id?: unknown }[] | null | undefined, field = 'id') => (rows ?? []).map((r) => String((r as Record<string, unknown>)[field] ?? r.$key));

/** A stable sort (ties keep their order), as the mock's orders keep generated order on ties. */
export function sortBy<T>(rows: T[], ...keysOf: [(row: T) => unknown, 'asc' | 'desc'][]): T[] {
  const cmp = (a: unknown, b: unknown) => {
    if (a === b) return 0;
    if (a === null || a === undefined) return 1;
    if (b === null || b === undefined) return -1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return String(a) < String(b) ? -1 : 1;
  };
  return rows
    .map((row, i) => ({ row, i }))
    .sort((x, y) => {
      for (const [get, dir] of keysOf) {
        const c = cmp(get(x.row), get(y.row));
        if (c) return dir === 'asc' ? c : -c;
      }
      return x.i - y.i;
    })
    .map((e) => e.row);
}
