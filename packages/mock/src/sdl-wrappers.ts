/**
 * What wrapper types answer, field by field, by the role each field plays
 * (sdl-kinds.ts `wrapperRoles`, or the document's `graphql.mapping.wrappers`):
 * connections and REST page blocks read their page (counts, page numbers and
 * cursors agree with the rows listed), edges their row and position,
 * aggregates the rows they cover, payloads what a mutation wrote.
 */
import { createHash } from 'node:crypto';
import { getNullableType, isListType, isNonNullType, type GraphQLField, type GraphQLObjectType } from 'graphql';
import type { GraphqlTypeMapping, Value } from '@seedbed/engine';
import { encodeCursor, pageNumbers, rowsOf, type Page } from './connection';
import type { MockContext } from './context';
import { keyText } from './filter';
import { shownKey } from './sdl-mutations';
import { compareValues, then, type MockData, type MockRow } from './mock-data';
import { SliceSelection, type Selection } from './selection';

export type WrapperSource =
  | { kind: 'page'; page: Page }
  | { kind: 'edge'; position: number | null; row: MockRow | null }
  | { kind: 'aggregate'; data: MockData; table: string; selection: Selection; page: Page; type: GraphqlTypeMapping; fn?: string; values?: Map<string, Promise<Value[]>> }
  | { kind: 'payload'; rows: MockRow[]; args: Record<string, unknown>; type: GraphqlTypeMapping; typeName: string }
  /** A mutation answered without writing (answer-values.ts): each field's value, made already. */
  | { kind: 'answer'; values: Record<string, unknown> };

export interface WrapperContext {
  /** GraphQL field → column, per entity type (for aggregate values). */
  types: Record<string, GraphqlTypeMapping>;
  /** Resolves the written row's field of a name (payload relations). */
  entityField(typeName: string, field: string): ((row: MockRow, args: Record<string, unknown>, ctx: MockContext) => unknown) | undefined;
}

type Resolver = (source: WrapperSource, args: Record<string, unknown>, ctx: MockContext) => unknown;

function pageOfSource(source: WrapperSource): Page | undefined {
  return source.kind === 'page' || source.kind === 'aggregate' ? source.page : undefined;
}

/** An aggregate function over one column of the rows an aggregate covers (bounded by the scan limit like a sort). */
async function aggregateValue(source: Extract<WrapperSource, { kind: 'aggregate' }>, column: string): Promise<Value> {
  const values = await aggregateValuesOf(source, column);
  const present = values.filter((v) => v !== null && v !== undefined);
  switch (source.fn) {
    case 'max':
      return present.length ? present.reduce((a, b) => (compareValues(a, b) >= 0 ? a : b)) : null;
    case 'min':
      return present.length ? present.reduce((a, b) => (compareValues(a, b) <= 0 ? a : b)) : null;
    case 'sum':
      return present.length ? present.reduce<number>((a, b) => a + Number(b), 0) : null;
    case 'avg':
      return present.length ? present.reduce<number>((a, b) => a + Number(b), 0) / present.length : null;
    default:
      return null;
  }
}

/** A short digest of a page: its rows (each by table and place) and the count of rows it pages. */
function pageDigest(rows: (MockRow | null)[], count: number): string {
  const hash = createHash('sha256').update(String(count));
  for (const row of rows) hash.update(row ? `\u0000${row.table}\u0000${JSON.stringify(row.ref)}` : '\u0000');
  return hash.digest('base64url').slice(0, 16);
}

function nullOf(field: GraphQLField<unknown, unknown>): unknown {
  return isListType(getNullableType(field.type)) ? [] : null;
}

/** The resolver of a wrapper field with role `role`. */
export function roleResolver(role: string, field: GraphQLField<unknown, unknown>, wrappers: WrapperContext): Resolver {
  const fromPage = (read: (page: Page) => unknown): Resolver => (source) => {
    const page = pageOfSource(source);
    return page ? read(page) : null;
  };
  switch (role) {
    case 'rows': {
      const rows = fromPage(rowsOf);
      return (source, args, ctx) => (source.kind === 'payload' ? source.rows : rows(source, args, ctx));
    }
    case 'edges':
      return fromPage((p) => then(rowsOf(p), (rows) => rows.map((row, i) => ({ kind: 'edge', position: p.from + i, row }))));
    case 'node':
    case 'row':
      return (source) => (source.kind === 'edge' ? source.row : source.kind === 'payload' ? (source.rows[0] ?? null) : null);
    case 'cursor':
      return (source) => (source.kind === 'edge' && source.position !== null ? encodeCursor(source.position) : null);
    case 'edge':
      return (source) => (source.kind === 'payload' && source.rows[0] ? { kind: 'edge', position: null, row: source.rows[0] } : null);
    case 'totalCount':
      return fromPage((p) => p.selection.count);
    case 'pageInfo':
      return (source) => source;
    case 'aggregate':
      return (source) => source;
    case 'hasNextPage':
      return fromPage((p) => p.to < p.selection.count);
    case 'hasPreviousPage':
      return fromPage((p) => p.from > 0);
    case 'startCursor':
      return fromPage((p) => (p.to > p.from ? encodeCursor(p.from) : null));
    case 'endCursor':
      // An empty page where the schema allows no null (the Apollo tutorial's `cursor: String!`): the cursor before it, so `after` it is this page again.
      return fromPage((p) => (p.to > p.from ? encodeCursor(p.to - 1) : isNonNullType(field.type) ? encodeCursor(Math.max(0, p.from - 1)) : null));
    case 'pages':
    case 'page':
    case 'next':
    case 'prev':
      return fromPage((p) => pageNumbers(p)[role]);
    case 'pageSize':
      return fromPage((p) => p.size);
    case 'pageId':
      // The same rows and count, the same id: a client's cache keeps pages that differ apart and merges equal ones.
      return fromPage((p) => then(rowsOf(p), (rows) => `${p.table}:${pageDigest(rows, p.selection.count)}`));
    case 'offset':
      return fromPage((p) => p.from);
    case 'key':
      return (source) => (source.kind === 'payload' && source.rows[0] ? shownKey(source.rows[0], source.type, source.typeName) : null);
    case 'clientMutationId':
      return (source) => (source.kind === 'payload' ? ((source.args.input as { clientMutationId?: unknown } | undefined)?.clientMutationId ?? source.args.clientMutationId ?? null) : null);
    case 'query':
      return () => ({});
    case 'affectedRows':
      return (source) => (source.kind === 'payload' ? source.rows.length : null);
    case 'ok':
      return () => true;
    case 'related':
      return (source, args, ctx) => {
        if (source.kind !== 'payload' || !source.rows[0]) return null;
        const resolve = wrappers.entityField(source.typeName, field.name);
        return resolve ? resolve(source.rows[0], args, ctx) : null;
      };
    case 'count':
      return async (source, args) => {
        if (source.kind !== 'aggregate') return null;
        const columns = (args.columns as string[] | undefined)?.map((c) => source.type.fields[c] && 'column' in source.type.fields[c] ? (source.type.fields[c] as { column: string }).column : c);
        if (!columns?.length) return source.page.to - source.page.from;
        const lists = await Promise.all(columns.map((c) => aggregateValuesOf(source, c)));
        const present = lists[0].map((_, i) => lists.map((l) => l[i])).filter((tuple) => tuple.every((v) => v !== null && v !== undefined));
        return args.distinct ? new Set(present.map((t) => t.map((v) => keyText(v as Value)).join('\u0000'))).size : present.length;
      };
    case 'min':
    case 'max':
    case 'sum':
    case 'avg':
      // The functions share the aggregate's values (`values` is one map for all of them).
      return (source) => (source.kind === 'aggregate' ? { ...source, fn: role, values: (source.values ??= new Map()) } : null);
    case 'value':
      return (source) => {
        if (source.kind !== 'aggregate') return null;
        const mapped = source.type.fields[field.name];
        return mapped && 'column' in mapped ? aggregateValue(source, mapped.column) : null;
      };
    default:
      return () => nullOf(field);
  }
}

/** One column's values over the rows an aggregate covers (its page of its selection). */
async function aggregateValuesOf(source: Extract<WrapperSource, { kind: 'aggregate' }>, column: string): Promise<Value[]> {
  // Read once per column however many functions (max, min, sum, avg) ask for it.
  const values = (source.values ??= new Map());
  let pending = values.get(column);
  if (!pending) values.set(column, (pending = source.data.aggregateValues(source.table, new SliceSelection(source.selection, source.page.from, source.page.to), column)));
  return pending;
}

/** Sets each field of a wrapper type to answer by its role (fields with none answer null). */
export function attachWrapper(type: GraphQLObjectType, roles: Record<string, string>, wrappers: WrapperContext): void {
  for (const field of Object.values(type.getFields())) {
    const resolve = roleResolver(roles[field.name] ?? 'null', field, wrappers);
    field.resolve = (source, args, ctx) => {
      const from = source as WrapperSource;
      return from.kind === 'answer' ? from.values[field.name] : resolve(from, args, ctx as MockContext);
    };
  }
}
