/**
 * Relay connections over TypeORM query builders, with keyset cursors on
 * (created_at, id) so pages stay stable while rows are added.
 */
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { badInput } from '@seedbed/engine/errors';
import { PAGE_SIZE_MAX } from '@seedbed/mock';
import { isUuid } from './ids';

export interface PageArgs {
  first: number;
  after?: string | null;
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
}

// The query cost rule counts a page given by a variable at this size, for the API and the mock alike.
export { PAGE_SIZE_MAX };

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString('base64url');
}

// What encodeCursor writes: an ISO time with a four-digit year (any other year PostgreSQL may refuse).
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Only what `encodeCursor` makes: anything else would reach SQL as a value PostgreSQL refuses. */
function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [time, id] = value;
      if (typeof time === 'string' && CURSOR_TIME.test(time) && !Number.isNaN(Date.parse(time)) && typeof id === 'string' && isUuid(id)) return [time, id];
    }
  } catch {
    // fall through
  }
  throw badInput('after', 'is not a cursor this connection gave out');
}

export function checkFirst(first: number): void {
  if (!Number.isInteger(first) || first < 1 || first > PAGE_SIZE_MAX) {
    throw badInput('first', `must be between 1 and ${PAGE_SIZE_MAX}`);
  }
}

export async function paginate<T extends ObjectLiteral & { id: string; createdAt: Date }>(
  query: SelectQueryBuilder<T>,
  { first, after }: PageArgs,
  direction: 'ASC' | 'DESC',
): Promise<Connection<T>> {
  checkFirst(first);
  const alias = query.alias;
  const totalCount = await query.clone().getCount();
  const page = query.clone();
  if (after) {
    const [createdAt, id] = decodeCursor(after);
    const op = direction === 'ASC' ? '>' : '<';
    page.andWhere(`(${alias}.createdAt, ${alias}.id) ${op} (:cursorCreatedAt, :cursorId)`, { cursorCreatedAt: createdAt, cursorId: id });
  }
  const rows = await page
    .orderBy(`${alias}.createdAt`, direction)
    .addOrderBy(`${alias}.id`, direction)
    .take(first + 1)
    .getMany();
  const nodes = rows.slice(0, first);
  const edges = nodes.map((node) => ({ cursor: encodeCursor(node.createdAt, node.id), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: Boolean(after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount,
  };
}
