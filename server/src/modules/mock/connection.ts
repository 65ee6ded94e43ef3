import { GraphQLBoolean, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, type GraphQLOutputType } from 'graphql';
import { badInput } from '../../errors';
import type { MockData, MockRow } from './mock-data';
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
}

/** One page of a selection, as a connection's fields read it. */
export interface Page {
  table: string;
  data: MockData;
  selection: Selection;
  from: number;
  to: number;
}

export function encodeCursor(position: number): string {
  return Buffer.from(`cursor:${position}`).toString('base64url');
}

function decodeCursor(cursor: string, argument: string): number {
  const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badInput(argument, 'is not a cursor this connection gave out');
  return Number(match[1]);
}

/** The page `args` ask for: `first` after `after` (or from `offset`), or `last` before `before`. */
export function pageOf(table: string, data: MockData, selection: Selection, args: PageArgs, defaultSize?: number): Page {
  const size = args.first ?? args.last ?? defaultSize;
  const name = args.first !== undefined && args.first !== null ? 'first' : 'last';
  if (size === undefined || size === null) throw badInput('first', `a page size is required (first: 1 to ${MOCK_PAGE_MAX})`);
  if (!Number.isInteger(size) || size < 1 || size > MOCK_PAGE_MAX) throw badInput(name, `must be between 1 and ${MOCK_PAGE_MAX}`);
  if (args.offset !== undefined && args.offset !== null && (!Number.isSafeInteger(args.offset) || args.offset < 0)) throw badInput('offset', 'must be a whole number of at least 0');
  let from = args.after ? decodeCursor(args.after, 'after') + 1 : 0;
  from += args.offset ?? 0;
  let to = from + size;
  if (name === 'last' && (args.first === undefined || args.first === null)) {
    const end = args.before ? decodeCursor(args.before, 'before') : selection.count;
    from = Math.max(0, end - size);
    to = end;
  }
  return { table, data, selection, from, to: Math.min(to, selection.count) };
}

export function rowsOf(page: Page): MockRow[] {
  page.data.serve(page.to - page.from);
  return page.selection.slice(page.from, page.to).map((ref) => page.data.byRef(page.table, ref)!);
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
        resolve: (p) => rowsOf(p).map((row, i) => ({ position: p.from + i, row })),
      },
      pageInfo: { type: new GraphQLNonNull(PageInfo), description: 'Where this page stands.', resolve: (p) => p },
      totalCount: { type: new GraphQLNonNull(GraphQLInt), description: 'Rows in the whole connection.', resolve: (p) => p.selection.count },
    },
  });
}
