/**
 * Turns one seed call into rows: each row's index from its address (scope,
 * table, ordinal), its cells from the engine at that index, its references
 * wired to rows that will exist (nested parents, rows to connect, or new
 * parent rows made for it), its per-parent children made within the
 * blueprint's min and max, and its composite keys kept distinct.
 */
import { EngineError, mayBeNull, RowAddresses, SeedRowMaker, type Plan, type RetryStates, type SeedPlan, type TablePlan, type Value, type GivenCell, type MadeRow } from '@seedbed/engine';
import { perParentOf, relationsOf, type Relation } from './relations';
import type { ConnectPools, SeedContext } from './types';

/** Where a returned row object keeps its address (not enumerable: `toEqual` and JSON ignore it). */
export const ROW = Symbol.for('seedbed.row');

export interface RowRecord {
  table: TablePlan;
  index: number;
  made: MadeRow;
  /** The row of the table this one is sized per (a nested parent, a connected row or one made for it). */
  parent?: RowRecord | object;
  /** Children made so far per relation name (made when the first is counted). */
  children?: Map<string, number>;
  object: Record<string, unknown>;
}

/** What one scope remembers: how many rows of each table it made, retry states and composite tuples. */
class ScopeState {
  readonly ordinals = new Map<string, number>();
  readonly retries = new Map<string, RetryStates>();
  readonly tuples = new Map<string, Set<string>>();
}

type Input = Record<string, unknown>;

interface CallState {
  scope: ScopeState;
  scopeName: string;
  connect: ConnectPools;
  /** Rows to write, per table, in creation order. */
  batch: Map<TablePlan, Value[][]>;
}

const MAX_DEPTH = 32;
/** Tries at a fresh tuple when a composite key repeats. */
const TUPLE_ATTEMPTS = 64;

const identity = (v: Value) => (typeof v === 'string' ? `s${v}` : `${typeof v}${JSON.stringify(v)}`);

export class SeedPlanner {
  readonly plan: Plan;
  private readonly makers = new Map<TablePlan, SeedRowMaker>();
  private readonly addresses = new Map<TablePlan, RowAddresses>();
  private readonly relations = new Map<TablePlan, Relation[]>();
  private scopes = new Map<string, ScopeState>();

  constructor(private readonly seedPlan: SeedPlan) {
    this.plan = seedPlan.plan;
    for (const table of this.plan.tables) {
      this.makers.set(table, new SeedRowMaker(this.plan, table));
      this.addresses.set(table, new RowAddresses(table.name, seedPlan.capacity[table.name], this.plan.seed));
      this.relations.set(table, relationsOf(seedPlan, table));
    }
  }

  /** Forgets every scope's rows (after the tables were emptied): the same calls then make the same rows again. */
  reset(): void {
    this.scopes = new Map();
  }

  /** Plans `rows` rows of `tableName` (a count, or one input per row, each over `each`). */
  call(tableName: string, rows: number | readonly Input[], each: Input & { connect?: ConnectPools }, scopeName: string): { objects: Record<string, unknown>[]; batch: Map<TablePlan, Value[][]> } {
    const table = this.plan.table(tableName);
    const { connect = {}, ...shared } = each ?? {};
    const list: Input[] = typeof rows === 'number' ? Array.from({ length: checkedCount(rows, tableName) }, () => shared) : Array.from(rows, (input) => ({ ...shared, ...input }));
    let scope = this.scopes.get(scopeName);
    if (!scope) this.scopes.set(scopeName, (scope = new ScopeState()));
    const state: CallState = { scope, scopeName, connect: normalizePools(this.plan, connect), batch: new Map() };
    const objects = list.map((input, i) => this.createRow(state, table, input, i, undefined, [], new Map()).object);
    return { objects, batch: state.batch };
  }

  private createRow(state: CallState, table: TablePlan, input: Input, position: number, link: { field: number; parent: RowRecord } | undefined, stack: RowRecord[], preset: Map<string, number>): RowRecord {
    if (stack.length > MAX_DEPTH) throw new EngineError('BAD_USER_INPUT', `rows nest deeper than ${MAX_DEPTH} tables (at ${table.name})`, table.name);
    const maker = this.makers.get(table)!;
    const ordinal = state.scope.ordinals.get(table.name) ?? 0;
    state.scope.ordinals.set(table.name, ordinal + 1);
    const index = this.addresses.get(table)!.indexOf(state.scopeName, ordinal);
    const ctx: SeedContext = { scope: state.scopeName, ordinal, index };
    const relations = this.relations.get(table)!;
    const { relationNames, refOrder, sizedBy } = this.shapeOf(table);

    const given: (GivenCell | undefined)[] = new Array(table.fields.length).fill(undefined);
    for (const [name, raw] of Object.entries(input)) {
      if (relationNames.has(name)) continue;
      const field = table.fieldByName.get(name) ?? table.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
      if (!field) throw new EngineError('BAD_USER_INPUT', `${table.name} has no field or relation "${name}"`, `${table.name}.${name}`);
      const value = typeof raw === 'function' ? (raw as (i: number, c: SeedContext) => unknown)(position, ctx) : raw;
      given[field.index] = field.ref ? refCell(field.ref.table, field.ref.field.index, value) : { value: value === undefined ? null : (value as Value) };
    }

    const record: RowRecord = { table, index, made: { values: [], refRows: [] }, object: {} };
    const self = refOrder.length || relations.length ? [...stack, record] : stack;
    for (const field of refOrder) {
      if (!field.ref) continue;
      if (given[field.index]) {
        if (field.ref.table === sizedBy) record.parent = parentOfCell(given[field.index]!, field.ref.table, field.ref.field.index);
        continue;
      }
      const target = field.ref.table;
      const key = field.ref.field.index;
      if (link && link.field === field.index) {
        given[field.index] = { value: link.parent.made.values[key], refRow: link.parent.index };
        if (target === sizedBy) record.parent = link.parent;
        continue;
      }
      const ancestor = record.parent && sizedBy && target !== sizedBy ? ancestorOf(this.seedPlan, record.parent, sizedBy, target) : undefined;
      if (ancestor !== undefined) {
        given[field.index] = cellOf(target, key, ancestor);
        continue;
      }
      if (target === sizedBy && record.parent) {
        given[field.index] = cellOf(target, key, record.parent);
        continue;
      }
      const pool = state.connect[target.name];
      if (pool?.length) {
        const row = pool[maker.pick(field.index, index, pool.length)];
        given[field.index] = cellOf(target, key, row);
        if (target === sizedBy) record.parent = row;
        continue;
      }
      const nullable = mayBeNull(field);
      if (nullable && (maker.isNull(field.index, index) || target === table || stack.some((r) => r.table === target))) {
        given[field.index] = { value: null };
        continue;
      }
      const above = [...stack].reverse().find((r) => r.table === target);
      const parent =
        above ??
        this.createRow(state, target, {}, 0, undefined, self, new Map(target === sizedBy ? [[this.relationTo(target, table, field.index).name, 1]] : []));
      given[field.index] = { value: parent.made.values[key], refRow: parent.index };
      if (target === sizedBy) record.parent = parent;
    }

    let made = maker.make(index, given, this.retriesOf(state, table, maker));
    made = this.distinctTuples(state, table, maker, index, given, made);
    record.made = made;
    for (const f of table.fields) record.object[f.name] = made.values[f.index];
    Object.defineProperty(record.object, ROW, { value: record, enumerable: false });
    push(state.batch, table, made.values);
    if (record.parent && sizedBy) this.countChild(record.parent, sizedBy, table, refOrder.find((f) => f.ref?.table === sizedBy)!.index);

    for (const relation of relations) {
      const asked = input[relation.name];
      const already = preset.get(relation.name) ?? 0;
      if (asked === undefined && !relation.perParent) continue;
      const specs: Input[] =
        asked === undefined
          ? Array.from({ length: Math.max(0, relation.perParent!.min - already) }, () => ({}))
          : typeof asked === 'number'
            ? Array.from({ length: checkedCount(asked, relation.name) }, () => ({}))
            : Array.isArray(asked)
              ? (asked as Input[])
              : fail(`${table.name}.${relation.name} takes a count or a list of rows, got ${typeof asked}`);
      const bounds = relation.perParent;
      if (bounds && asked !== undefined && (specs.length + already < bounds.min || specs.length + already > bounds.max)) {
        throw new EngineError('BAD_USER_INPUT', `a ${table.name} row has ${bounds.min} to ${bounds.max} ${relation.child.name} (the blueprint's rows), not ${specs.length + already}`, `${table.name}.${relation.name}`);
      }
      const children = specs.map((spec, i) => this.createRow(state, relation.child, spec, i, { field: relation.field, parent: record }, self, new Map()).object);
      if (asked !== undefined) record.object[relation.name] = children;
    }
    return record;
  }

  private readonly shapes = new Map<TablePlan, { relationNames: Set<string>; refOrder: TablePlan['fields']; sizedBy?: TablePlan }>();

  /** Per table, once: its relation names, and its reference fields with the one to the table it is sized per first (references to its ancestors follow from that one). */
  private shapeOf(table: TablePlan) {
    let shape = this.shapes.get(table);
    if (!shape) {
      const sizedBy = perParentOf(this.seedPlan, table);
      const refs = table.fields.filter((f) => f.ref);
      const refOrder = [...refs.filter((f) => f.ref!.table === sizedBy), ...refs.filter((f) => f.ref!.table !== sizedBy)];
      shape = { relationNames: new Set(this.relations.get(table)!.map((r) => r.name)), refOrder, sizedBy };
      this.shapes.set(table, shape);
    }
    return shape;
  }

  private relationTo(parent: TablePlan, child: TablePlan, field: number): Relation {
    return this.relations.get(parent)!.find((r) => r.child === child && r.field === field)!;
  }

  /** One more child of `parent` in the per-parent table `child`: refused beyond the blueprint's max. */
  private countChild(parent: RowRecord | object, parentTable: TablePlan, child: TablePlan, field: number): void {
    const record = recordOf(parent);
    if (!record || record.table !== parentTable) return;
    const relation = this.relationTo(parentTable, child, field);
    record.children ??= new Map();
    const count = (record.children.get(relation.name) ?? 0) + 1;
    record.children.set(relation.name, count);
    if (relation.perParent && count > relation.perParent.max) {
      throw new EngineError('BAD_USER_INPUT', `a ${parentTable.name} row has at most ${relation.perParent.max} ${child.name} (the blueprint's rows.max); this one would get ${count}`, `${parentTable.name}.${relation.name}`);
    }
  }

  private retriesOf(state: CallState, table: TablePlan, maker: SeedRowMaker): RetryStates {
    let retries = state.scope.retries.get(table.name);
    if (!retries) state.scope.retries.set(table.name, (retries = maker.retryStates()));
    return retries;
  }

  /**
   * Composite keys (a list primaryKey, table `unique`) whose tuple repeats
   * one made in this scope — possible once references are wired to given
   * rows — get a component drawn again (the engine's value at another
   * index), or a reference to a pool's next row; a repeat made only of
   * given values is refused.
   */
  private distinctTuples(state: CallState, table: TablePlan, maker: SeedRowMaker, index: number, given: (GivenCell | undefined)[], made: MadeRow): MadeRow {
    const keys = [...(table.keyFields.length > 1 ? [table.keyFields] : []), ...table.uniqueKeys].map((names) => names.map((n) => table.fieldByName.get(n)!));
    for (const fields of keys) {
      if (fields.some((f) => f.unique)) continue;
      const name = `${table.name}\u0000${fields.map((f) => f.name).join(',')}`;
      let seen = state.scope.tuples.get(name);
      if (!seen) state.scope.tuples.set(name, (seen = new Set()));
      const tuple = () => JSON.stringify(fields.map((f) => identity(made.values[f.index])));
      const free = fields.filter((f) => !given[f.index]);
      for (let attempt = 1; seen.has(tuple()); attempt++) {
        const pooled = fields.find((f) => f.ref && state.connect[f.ref.table.name]?.length && given[f.index] && attempt <= state.connect[f.ref.table.name].length);
        if (attempt > TUPLE_ATTEMPTS || (!free.length && !pooled)) {
          throw new EngineError('UNIQUE_EXHAUSTED', `${table.name} (${fields.map((f) => f.name).join(', ')}) repeats a tuple this scope already made`, `${table.name}.${fields.map((f) => f.name).join(',')}`);
        }
        const alt = (index + attempt * 0x9e3779b1) % this.seedPlan.capacity[table.name];
        const redo = [...given];
        if (free.length) {
          const f = free[attempt % free.length];
          redo[f.index] = { value: maker.redraw(f.index, alt, made) };
        } else {
          const pool = state.connect[pooled!.ref!.table.name];
          redo[pooled!.index] = cellOf(pooled!.ref!.table, pooled!.ref!.field.index, pool[(maker.pick(pooled!.index, index, pool.length) + attempt) % pool.length]);
        }
        made = maker.make(index, redo, undefined);
      }
      seen.add(tuple());
    }
    return made;
  }
}

function fail(message: string): never {
  throw new EngineError('BAD_USER_INPUT', message);
}

function checkedCount(n: number, what: string): number {
  if (!Number.isSafeInteger(n) || n < 0 || n > 1_000_000) throw new EngineError('BAD_USER_INPUT', `${what}: a count of rows is an integer from 0 to 1,000,000, got ${n}`, what);
  return n;
}

function push(batch: Map<TablePlan, Value[][]>, table: TablePlan, values: Value[]) {
  let rows = batch.get(table);
  if (!rows) batch.set(table, (rows = []));
  rows.push(values);
}

/** A row this client made, behind one of its row objects. */
export function recordOf(row: unknown): RowRecord | undefined {
  return row && typeof row === 'object' ? ((row as Record<symbol, RowRecord>)[ROW] ?? (isRecord(row) ? row : undefined)) : undefined;
}

function isRecord(row: object): row is RowRecord {
  return 'made' in row && 'object' in row && 'table' in row;
}

/** The cell of a reference to `row` (a record, a row object, or a plain object holding the key). */
function cellOf(target: TablePlan, key: number, row: RowRecord | object): GivenCell {
  const record = recordOf(row);
  if (record && record.table === target) return Object.assign({ value: record.made.values[key], refRow: record.index }, { record });
  const value = (row as Record<string, unknown>)[target.fields[key].name];
  if (value === undefined) throw new EngineError('BAD_USER_INPUT', `a ${target.name} row to connect has no "${target.fields[key].name}"`, `connect.${target.name}`);
  return { value: value as Value, refRow: -1 };
}

/** A reference given as a key value or as a row. */
function refCell(target: TablePlan, key: number, value: unknown): GivenCell {
  return value !== null && typeof value === 'object' ? cellOf(target, key, value) : { value: value === undefined ? null : (value as Value), refRow: -1 };
}

/** The parent row a given reference names: the record it carries, else an object holding just the key. */
function parentOfCell(cell: GivenCell, target: TablePlan, key: number): RowRecord | object {
  return (cell as GivenCell & { record?: RowRecord }).record ?? { [target.fields[key].name]: cell.value };
}

/**
 * The row of `ancestor` above `row` (a row of `table`) along per-parent
 * links, as the engine points a per-parent table's references to its
 * ancestors (an order item's buyer is its order's user): a record this client
 * made, or the key read from a row object's reference to its own parent.
 */
function ancestorOf(plan: SeedPlan, row: RowRecord | object, table: TablePlan, ancestor: TablePlan): RowRecord | object | undefined {
  let current: RowRecord | object = row;
  let at = table;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const record = recordOf(current);
    if (record) at = record.table;
    if (at === ancestor) return current;
    const up = perParentOf(plan, at);
    const link = up && at.fields.find((f) => f.ref?.table === up);
    if (!up || !link) return undefined;
    if (record?.parent) current = record.parent;
    else {
      const value = record ? record.made.values[link.index] : (current as Record<string, unknown>)[link.name];
      if (value === undefined) return undefined;
      current = { [up.fields[link.ref!.field.index].name]: value };
    }
    at = up;
  }
  return undefined;
}

/** Pools by table name as the plan spells them (any case in the call). */
function normalizePools(plan: Plan, pools: ConnectPools): ConnectPools {
  const out: Record<string, readonly object[]> = {};
  for (const [name, rows] of Object.entries(pools)) {
    if (!Array.isArray(rows)) throw new EngineError('BAD_USER_INPUT', `connect.${name} must be a list of rows`, `connect.${name}`);
    out[plan.table(name).name] = rows;
  }
  return out;
}
