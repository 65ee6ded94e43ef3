import { GraphQLBoolean, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, type GraphQLOutputType } from 'graphql';
import { badInput } from '../../errors';
import { then, type Maybe, type MockData, type MockRow } from './mock-data';
import { MOCK_SCALARS } from './scalars';
import type { Selection } from './selection';

/** PRODUCT.md §9: `first` is required on connections, 1–100. */
export const MOCK_PAGE_MAX = 100;

export interface PageArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  offset?: number | null;
  /** A page number from 1, of `first` (or the default size) rows each. */
  page?: number | null;
}

/** One page of a selection, as a connection's (or a page block's) fields read it. */
export interface Page {
  table: string;
  data: MockData;
  selection: Selection;
  from: number;
  to: number;
  /** Rows per page, for page numbers. */
  size: number;
  /** The page number asked for (`page`), which may lie past the last page. */
  number?: number;
  /** Junctions: each listed row leads to the row shown. */
  through?: (row: MockRow) => Maybe<MockRow | null>;
  /** The page's rows, made once however many fields read them. */
  rows?: Maybe<(MockRow | null)[]>;
}

export function encodeCursor(position: number): string {
  return Buffer.from(`cursor:${position}`).toString('base64url');
}

function decodeCursor(cursor: string, argument: string): number {
  const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badInput(argument, 'is not a cursor this connection gave out');
  return Number(match[1]);
}

export interface PageRules {
  /** Rows per page when no argument says (none: `first` or `last` is required). */
  defaultSize?: number;
  /** Largest page (PRODUCT.md §9: 100 on connections of the default schema). */
  maxSize: number;
}

/** The page `args` ask for: `first` after `after` (or from `offset`, or page `page`), or `last` before `before`. */
export function pageOf(table: string, data: MockData, selection: Selection, args: PageArgs, rules: PageRules): Page {
  const given = (v: number | null | undefined): v is number => v !== undefined && v !== null;
  const size = given(args.first) ? args.first : given(args.last) ? args.last : rules.defaultSize;
  const name = !given(args.first) && given(args.last) ? 'last' : 'first';
  if (size === undefined) throw badInput('first', `a page size is required (first: 1 to ${rules.maxSize})`);
  // A size asked for is checked here; a default one (a whole list) meets the rows-per-answer bound when its rows are made.
  const asked = given(args.first) || given(args.last);
  if (asked && (!Number.isInteger(size) || size < 0 || size > rules.maxSize)) throw badInput(name, `must be between 0 and ${rules.maxSize.toLocaleString('en-US')}`);
  if (given(args.offset) && (!Number.isSafeInteger(args.offset) || args.offset < 0)) throw badInput('offset', 'must be a whole number of at least 0');
  if (given(args.page) && (!Number.isSafeInteger(args.page) || args.page < 1)) throw badInput('page', 'must be a whole number from 1');
  let from = args.after ? decodeCursor(args.after, 'after') + 1 : 0;
  from += args.offset ?? 0;
  if (given(args.page)) from += (args.page - 1) * size;
  let to = from + size;
  if (name === 'last' && !given(args.first)) {
    const end = args.before ? decodeCursor(args.before, 'before') : selection.count;
    from = Math.max(0, Math.min(end, selection.count) - size);
    to = end;
  } else if (given(args.first) && given(args.last)) {
    from = Math.max(from, Math.min(to, selection.count) - args.last);
  }
  if (args.before && name === 'first') to = Math.min(to, decodeCursor(args.before, 'before'));
  from = Math.min(from, selection.count);
  return { table, data, selection, from, to: Math.max(from, Math.min(to, selection.count)), size: Math.max(size, 1), ...(given(args.page) && !args.after && !args.offset ? { number: args.page } : {}) };
}

/** The page's rows (made once, counted against the request's bound before any is generated). */
export function rowsOf(page: Page): Maybe<(MockRow | null)[]> {
  if (page.rows) return page.rows;
  page.data.serve(page.to - page.from);
  const rows = page.data.rowsAt(page.table, page.selection.slice(page.from, page.to));
  const { through } = page;
  page.rows = through ? then(rows, (listed) => Promise.all(listed.map((r) => (r ? through(r) : null)))) : rows;
  return page.rows;
}

/** Page numbers of a page (REST-style `info { count pages next prev }`): next and prev null at the ends. */
export function pageNumbers(page: Page): { count: number; pages: number; page: number; next: number | null; prev: number | null } {
  const count = page.selection.count;
  const pages = Math.ceil(count / page.size);
  const number = page.number ?? Math.floor(page.from / page.size) + 1;
  return { count, pages, page: number, next: number < pages ? number + 1 : null, prev: number > 1 && pages > 0 ? Math.min(number - 1, pages) : null };
}

export const PageInfo = new GraphQLObjectType<Page>({
  name: 'PageInfo',
  description: 'Where a page stands in its connection.',
  fields: {
    hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean), description: 'Rows follow this page.', resolve: (p) => p.to < p.selection.count },
    hasPreviousPage: { type: new GraphQLNonNull(GraphQLBoolean), description: 'Rows precede this page.', resolve: (p) => p.from > 0 },
    startCursor: { type: MOCK_SCALARS.Cursor, description: "The first row's cursor.", resolve: (p) => (p.to > p.from ? encodeCursor(p.from) : null) },
    endCursor: { type: MOCK_SCALARS.Cursor, description: "The last row's cursor.", resolve: (p) => (p.to > p.from ? encodeCursor(p.to - 1) : null) },
  },
});

/** `XsConnection { nodes, edges { cursor node }, pageInfo, totalCount }` and its edge type. */
export function connectionType(pluralType: string, node: GraphQLOutputType): GraphQLObjectType<Page> {
  const edge = new GraphQLObjectType<{ position: number; row: MockRow }>({
    name: `${pluralType}Edge`,
    description: `One row of a ${pluralType}Connection, with its cursor.`,
    fields: {
      cursor: { type: MOCK_SCALARS.Cursor, description: 'Pass as `after` to read the rows after this one.', resolve: (e) => encodeCursor(e.position) },
      node: { type: node, description: 'The row.', resolve: (e) => e.row },
    },
  });
  return new GraphQLObjectType<Page>({
    name: `${pluralType}Connection`,
    description: `A page of ${pluralType}.`,
    fields: {
      nodes: { type: new GraphQLNonNull(new GraphQLList(node)), description: 'The rows of this page.', resolve: rowsOf },
      edges: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(edge))),
        description: 'The rows of this page with their cursors.',
        resolve: (p) => then(rowsOf(p), (rows) => rows.map((row, i) => ({ position: p.from + i, row }))),
      },
      pageInfo: { type: new GraphQLNonNull(PageInfo), description: 'Where this page stands.', resolve: (p) => p },
      totalCount: { type: new GraphQLNonNull(GraphQLInt), description: 'Rows in the whole connection.', resolve: (p) => p.selection.count },
    },
  });
}
