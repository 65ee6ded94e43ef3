/**
 * How many rows each table gets, from the graph of its references, the way
 * the schema's author meant it:
 * - a lookup (referenced, holding a name or code, few columns: languages,
 *   categories, countries) has a few rows, its names distinct;
 * - a hub (referenced by several tables, holding nothing but keys: Sakila's
 *   `store`) has a handful;
 * - an entity (customers, films, products) has hundreds;
 * - a table that belongs to one parent (order lines, a film's copies, an
 *   article's comments) is sized per row of that parent;
 * - an event (rentals, payments, orders: dates or amounts beside several
 *   required references) is sized per its main parent, the person who acts,
 *   never per a lookup or per whichever foreign key comes first;
 * - a junction gets a few distinct pairs per row of its first parent;
 * - a live database's row estimates set the counts where known.
 */
import type { ColumnModel, TableModel } from '../schema-model';
import { nameTokens, tableTokens } from './name-tokens';
import { PERSON_TABLES } from './name-rules';
import type { Rows, TableRelations } from './relations';

const ENTITY_ROWS = 100;
const PEOPLE_ROWS = 100;
const HUB_ROWS = 3;
const LOOKUP_ROWS = 8;
/** Typical sizes of common lookups: few enough to read, enough to tell apart. */
const LOOKUP_SIZES: Record<string, number> = {
  country: 25, language: 6, currency: 10, category: 12, genre: 15, department: 8, region: 4, state: 50, province: 13, status: 5, type: 6,
  kind: 6, role: 4, level: 5, tag: 30, unit: 6, territory: 20, city: 40, group: 5, plan: 4, tier: 4, brand: 20, shipper: 3, carrier: 4,
};
const LOOKUP_WORDS = new Set(Object.keys(LOOKUP_SIZES).filter((w) => !['city', 'brand', 'shipper', 'carrier'].includes(w)));
/** People who act in events (customers rent, users post), before staff who serve them. */
const ACTORS = new Set(['customer', 'user', 'member', 'client', 'account', 'patient', 'student', 'subscriber', 'guest', 'buyer', 'passenger', 'player', 'requester', 'author']);
/** Children that are lines of one parent. */
const LINE_WORDS = new Set(['item', 'line', 'detail', 'entry', 'lineitem']);
/** Organisations people belong to in a multi-tenant app: few of them, many people each. */
const ORGS = new Set(['tenant', 'organization', 'organisation', 'company', 'workspace', 'team', 'firm', 'school', 'club']);
const ORG_ROWS = 20;
const MEMBERS_PER_ORG = 20;
const AUDIT_WORDS = ['created', 'updated', 'deleted', 'last', 'modified', 'version'];
/** A live table's estimate is a hint of proportions, not an order for millions of rows. */
const ESTIMATE_CAP = 10_000;
const PER_PARENT_CAP = 100;
/** Rows per tenant of a table other tables pick from within a tenant: a junction of up to this many distinct rows per parent always finds them. */
const TENANT_MIN = 3;
const EVENTS_PER_PARENT = 15;
const CHILDREN_PER_PARENT = 5;

function column(table: TableModel, name: string): ColumnModel | undefined {
  return table.columns.find((c) => c.name === name);
}

export function required(table: TableModel, columnName: string): boolean {
  const c = column(table, columnName);
  return !!c && (c.notNull || !!table.primaryKey?.includes(columnName));
}

type Role = 'lookup' | 'hub' | 'entity';

interface Graph {
  plans: Map<string, TableRelations>;
  byName: Map<string, TableModel>;
  /** Tables that reference each table (other than itself). */
  referencedBy: Map<string, Set<string>>;
  roles: Map<string, Role | undefined>;
}

const head = (table: TableModel) => tableTokens(table.name).at(-1) ?? '';

/** Columns that hold the row's own data: not keys, references, ids or audit stamps. */
function ownColumns(table: TableModel, plan: TableRelations): ColumnModel[] {
  return table.columns.filter((c) => {
    const words = nameTokens(c.name);
    return !plan.refs.has(c.name) && !table.primaryKey?.includes(c.name) && words.at(-1) !== 'id' && !words.some((w) => AUDIT_WORDS.includes(w));
  });
}

function holdsEvents(table: TableModel, plan: TableRelations): boolean {
  return ownColumns(table, plan).some((c) => ['date', 'timestamp', 'decimal'].includes(c.type.kind) || nameTokens(c.name).some((w) => ['amount', 'total', 'price', 'quantity'].includes(w)));
}

function roleOf(table: TableModel, graph: Graph): Role | undefined {
  const plan = graph.plans.get(table.name)!;
  const referenced = (graph.referencedBy.get(table.name)?.size ?? 0) > 0;
  const words = tableTokens(table.name);
  const own = ownColumns(table, plan);
  const requiredRefs = [...plan.refs].filter(([col, ref]) => required(table, col) && ref.table !== table.name);
  if (words.some((w) => PERSON_TABLES.has(w))) return referenced ? 'entity' : undefined;
  const named = own.some((c) => c.type.kind === 'text' && nameTokens(c.name).some((w) => ['name', 'label', 'title', 'code', 'description', 'abbr'].includes(w)));
  // `us_states`, `currencies`: named as a lookup and shaped as one, even when no foreign key points at it.
  if (LOOKUP_WORDS.has(head(table)) && own.length <= 4 && named && requiredRefs.length === 0) return 'lookup';
  if (!referenced) return undefined;
  if (requiredRefs.length === 0 && named && own.length <= 3 && !holdsEvents(table, plan)) return 'lookup';
  if (own.length === 0 && (graph.referencedBy.get(table.name)?.size ?? 0) >= 2) return 'hub';
  return 'entity';
}

/** A row count, or how many rows a per-parent count makes on average. */
function rowsOf(name: string, graph: Graph, seen = new Set<string>()): number {
  const rows = graph.plans.get(name)?.rows;
  if (typeof rows === 'number') return rows;
  if (!rows || seen.has(name)) return ENTITY_ROWS;
  seen.add(name);
  return rowsOf(rows.perParent, graph, seen) * ((rows.min + rows.max) / 2);
}

export function sizeTables(tables: TableModel[], plans: Map<string, TableRelations>, byName: Map<string, TableModel>): void {
  const referencedBy = new Map<string, Set<string>>();
  for (const [name, plan] of plans) {
    for (const ref of plan.refs.values()) {
      if (ref.table === name) continue;
      if (!referencedBy.has(ref.table)) referencedBy.set(ref.table, new Set());
      referencedBy.get(ref.table)!.add(name);
    }
  }
  const graph: Graph = { plans, byName, referencedBy, roles: new Map() };
  for (const table of tables) graph.roles.set(table.name, roleOf(table, graph));
  // Parents before children, so a junction and an event can read their parents' sizes.
  const done = new Set<string>();
  const visit = (table: TableModel, path: Set<string>) => {
    if (done.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const ref of plans.get(table.name)!.refs.values()) {
      const parent = byName.get(ref.table.toLowerCase());
      if (parent && parent !== table) visit(parent, path);
    }
    sizeTable(table, graph);
    untieSameParent(table, graph);
    done.add(table.name);
  };
  for (const table of tables) visit(table, new Set());
}

function sizeTable(table: TableModel, graph: Graph): void {
  const { plans, byName } = graph;
  const plan = plans.get(table.name)!;
  const role = graph.roles.get(table.name);
  const tenant = [...plan.refs].find(([, ref]) => ref.tenant && ref.table !== table.name);
  if (tenant) {
    const [col, ref] = tenant;
    const max = Math.max(TENANT_MIN, perParentFromEstimate(table, byName.get(ref.table.toLowerCase())) ?? 8);
    plan.rows = { perParent: ref.table, min: TENANT_MIN, max };
    plan.rowsReason = `${TENANT_MIN}–${max} rows per ${ref.table} row: other tables pick ${table.name} rows of their own ${col}, so each ${ref.table} has a few to pick from`;
    return;
  }
  // A DEFERRABLE key may close a cycle: it never sizes its table (a parent must exist before its children are counted).
  const requiredRefs = [...plan.refs].filter(([col, ref]) => required(table, col) && ref.table !== table.name && !ref.deferrable);
  const estimate = table.rowEstimate && table.rowEstimate > 0 ? Math.min(ESTIMATE_CAP, Math.max(1, Math.round(table.rowEstimate))) : undefined;
  const keyRefs = (table.primaryKey ?? []).filter((c) => plan.refs.has(c));
  // A junction: a composite primary key with two references or more, or a unique key of references only (beside a surrogate id).
  const uniqueRefs = table.uniques.find((u) => u.length > 1 && u.every((c) => plan.refs.has(c)));
  const compositeRefKey = (table.primaryKey?.length ?? 0) > 1 ? (keyRefs.length >= 2 ? keyRefs : undefined) : uniqueRefs;

  if (compositeRefKey && compositeRefKey.length >= 2) {
    const parent = plan.refs.get(compositeRefKey[0])!.table;
    const space = Math.min(...compositeRefKey.slice(1).map((c) => rowsOf(plan.refs.get(c)!.table, graph)));
    // A pick within a tenant has at least TENANT_MIN rows to choose from.
    const tenantSpace = compositeRefKey.some((c) => plan.refs.get(c)!.match) ? TENANT_MIN : Infinity;
    const max = Math.max(1, Math.min(3, Math.floor(space), tenantSpace, perParentFromEstimate(table, byName.get(parent.toLowerCase())) ?? 3));
    plan.rows = { perParent: parent, min: 1, max };
    plan.rowsReason = `a junction table: 1–${max} distinct (${compositeRefKey.join(', ')}) pairs per ${parent}`;
    return;
  }
  // An order's lines: the one reference inside a composite primary key names the parent the rows belong to.
  const owner = (table.primaryKey?.length ?? 0) > 1 && keyRefs.length === 1 ? requiredRefs.find(([col]) => col === keyRefs[0]) : undefined;
  if (owner) {
    const [col, ref] = owner;
    const max = perParentFromEstimate(table, byName.get(ref.table.toLowerCase())) ?? CHILDREN_PER_PARENT;
    plan.rows = { perParent: ref.table, min: 1, max };
    plan.rowsReason = `sized per ${ref.table} row (1–${max}): ${col} is part of its primary key`;
    return;
  }
  // A unique reference (one profile per user) allows one row per parent at most, whatever else the table references.
  const oneToOneRef = requiredRefs.find(([col]) => table.uniques.some((u) => u.length === 1 && u[0] === col) || (table.primaryKey?.length === 1 && table.primaryKey[0] === col));
  if (oneToOneRef) {
    const [col, ref] = oneToOneRef;
    plan.rows = { perParent: ref.table, min: 0, max: 1 };
    plan.rowsReason = `at most one row per ${ref.table} row: ${col} is unique`;
    return;
  }
  if (estimate !== undefined) {
    plan.rows = estimate;
    plan.rowsReason = `the database's estimate (${Math.round(table.rowEstimate!)} rows${table.rowEstimate! > ESTIMATE_CAP ? `, capped at ${ESTIMATE_CAP}` : ''})`;
    return;
  }
  if (role === 'lookup') {
    plan.lookup = true;
    plan.rows = LOOKUP_SIZES[head(table)] ?? LOOKUP_ROWS;
    const by = [...(graph.referencedBy.get(table.name) ?? [])].slice(0, 3);
    plan.rowsReason = `a lookup${by.length ? ` other tables point at (${by.join(', ')})` : ''}: a few distinct rows`;
    return;
  }
  if (role === 'hub') {
    plan.rows = HUB_ROWS;
    plan.rowsReason = `holds only keys and is referenced by ${[...graph.referencedBy.get(table.name)!].slice(0, 3).join(', ')}: a handful of rows, as a store or a branch`;
    return;
  }
  // Parents a row can belong to: not lookups or hubs, which many rows share.
  const parents = requiredRefs.filter(([, ref]) => !['lookup', 'hub'].includes(graph.roles.get(ref.table) ?? ''));
  const referencedByPeople = [...(graph.referencedBy.get(table.name) ?? [])].some((t) => tableTokens(t).some((w) => PERSON_TABLES.has(w)));
  const people = tableTokens(table.name).some((w) => PERSON_TABLES.has(w));
  const org = parents.length === 1 && people && tableTokens(parents[0][1].table).some((w) => ORGS.has(w));
  if (org) {
    const [col, ref] = parents[0];
    plan.rows = { perParent: ref.table, min: 1, max: MEMBERS_PER_ORG };
    plan.rowsReason = `people of each ${ref.table} row (1–${MEMBERS_PER_ORG}) through ${col}`;
    return;
  }
  if (ORGS.has(head(table)) && parents.length === 0 && [...(graph.referencedBy.get(table.name) ?? [])].some((t) => tableTokens(t).some((w) => PERSON_TABLES.has(w)))) {
    plan.rows = ORG_ROWS;
    plan.rowsReason = 'organisations people belong to: a few, each with many people';
    return;
  }
  if (parents.length === 0 || (parents.length === 1 && role === 'entity' && (referencedByPeople || people))) {
    plan.rows = people || referencedByPeople ? PEOPLE_ROWS : ENTITY_ROWS;
    plan.rowsReason = parents.length === 0
      ? requiredRefs.length ? `an entity whose references are lookups (${requiredRefs.map(([, r]) => r.table).join(', ')}): a fixed count` : 'a table without parents: a fixed count'
      : `an entity that ${people ? 'holds people' : 'people point at'}: a fixed count, not per ${parents[0][1].table}`;
    return;
  }
  const [col, ref] = mainParent(table, parents, graph);
  const line = tableTokens(table.name).some((w) => LINE_WORDS.has(w)) && tableTokens(ref.table).some((w) => tableTokens(table.name).includes(w));
  // People act again and again (rentals, payments, posts); a thing has a few children (an order's shipments).
  const events = !line && holdsEvents(table, plans.get(table.name)!) && tableTokens(ref.table).some((w) => PERSON_TABLES.has(w) || ACTORS.has(w));
  const fromEstimate = perParentFromEstimate(table, byName.get(ref.table.toLowerCase()));
  const max = fromEstimate ?? (line ? CHILDREN_PER_PARENT : events ? EVENTS_PER_PARENT : CHILDREN_PER_PARENT);
  const min = line ? 1 : 0;
  plan.rows = { perParent: ref.table, min, max };
  plan.rowsReason = `sized per ${ref.table} row (${min}–${max}) through ${col}${parents.length > 1 ? `, its main parent among ${parents.map(([, r]) => r.table).join(', ')}` : ''}${line ? ': lines of each' : events ? ': events of each' : ''}${fromEstimate ? ', in the proportion the database shows' : ''}`;
}

/**
 * Two references to the parent's table (sender and recipient, a
 * friendship's two users, a visit and its referrer) make the table a count,
 * each reference picking its own row. Sized per parent, the engine would
 * tie the table's first reference to the parent (plan/parent-chain.ts),
 * which need not be the column this sized it through and the report names.
 */
function untieSameParent(table: TableModel, graph: Graph): void {
  const plan = graph.plans.get(table.name)!;
  const rows = plan.rows;
  if (typeof rows !== 'object') return;
  const same = [...plan.refs].filter(([, ref]) => ref.table === rows.perParent && !ref.via).map(([col]) => col);
  if (same.length < 2) return;
  const count = Math.max(1, Math.min(ESTIMATE_CAP, Math.round(rowsOf(rows.perParent, graph) * Math.max(1, (rows.min + rows.max) / 2))));
  plan.rows = count;
  plan.rowsReason = `${count} rows, about ${Math.max(1, (rows.min + rows.max) / 2)} per ${rows.perParent} row, but not sized per ${rows.perParent}: ${same.join(' and ')} both point there and each picks its own row`;
}

/** The parent a row belongs to: the person who acts (a customer's rental), else the largest parent. */
function mainParent(table: TableModel, parents: [string, TableRelations['refs'] extends Map<string, infer R> ? R : never][], graph: Graph) {
  const own = tableTokens(table.name);
  const named = parents.find(([, ref]) => tableTokens(ref.table).some((w) => own.includes(w)));
  const actor = parents.find(([col, ref]) => [...tableTokens(ref.table), ...nameTokens(col)].some((w) => ACTORS.has(w)));
  if (named && !actor) return named;
  if (actor) return actor;
  return [...parents].sort((a, b) => rowsOf(b[1].table, graph) - rowsOf(a[1].table, graph))[0];
}

function perParentFromEstimate(child: TableModel, parent: TableModel | undefined): number | undefined {
  if (!child.rowEstimate || child.rowEstimate <= 0 || !parent?.rowEstimate || parent.rowEstimate <= 0) return undefined;
  return Math.max(1, Math.min(PER_PARENT_CAP, Math.ceil((2 * child.rowEstimate) / parent.rowEstimate)));
}

