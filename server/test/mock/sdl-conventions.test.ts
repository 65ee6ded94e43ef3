/**
 * The conventions an SDL mock answers by, in-process (no server): which
 * types wrap rows, filters in every spelling meaning the same rows, LIKE
 * without catastrophic backtracking, bindings changed by hand in the
 * document, arguments nothing binds said in the answer, root fields nothing
 * maps refused with an error, and the limits of one mock (depth, rows per
 * answer, the scan bound) checked before the work.
 */
import { buildSchema, parse, validate } from 'graphql';
import { compileBlueprint, type BlueprintDocument } from '@seedbed/engine';
import { readGraphqlSdl } from '../../../packages/import/src/graphql-sdl/read-sdl';
import { likeMatch, matchesRow } from '../../../packages/mock/src/filter';
import { readFilter } from '../../../packages/mock/src/arguments';
import { buildMockSchema, executeMock, resolveMockLimits, splitDocument } from '../../../packages/mock/src/mock-schema';
import { MemoryOverlayStore } from '../../../packages/mock/src/overlay';
import { classify } from '../../../packages/mock/src/sdl-kinds';
import { loadConfig } from '../../src/config';
import { HASURA_SDL } from './styles/hasura';
import { POSTGRAPHILE_SDL } from './styles/postgraphile';
import { REST_SDL } from './styles/rest';

async function mockOf(sdl: string, edit: (document: any) => void = () => {}, flags = {}) {
  const { document } = await readGraphqlSdl(sdl, { name: 't', allowPrivateTargets: false });
  edit(document);
  const { generation, graphql, mock: limits } = splitDocument(document as BlueprintDocument);
  const mock = buildMockSchema(compileBlueprint(generation), { maxScan: 100_000 }, graphql, resolveMockLimits(loadConfig({}).limits, limits, flags));
  const store = new MemoryOverlayStore();
  return {
    document,
    mock,
    run: (query: string, variables?: Record<string, unknown>) => {
      const parsed = parse(query);
      const invalid = validate(mock.schema, parsed, mock.rules);
      if (invalid.length) return Promise.resolve({ errors: invalid, data: undefined, extensions: undefined } as any);
      return executeMock(mock, store, { document: parsed, variables }, () => {}) as Promise<any>;
    },
  };
}

describe('types that wrap rows', () => {
  it('are told from tables by their shape, in each style', () => {
    const kinds = (sdl: string) => {
      const k = classify(buildSchema(sdl));
      return { entities: k.entities.map((t) => t.name).sort(), wrappers: Object.fromEntries([...k.wrappers].sort()) };
    };
    expect(kinds(HASURA_SDL)).toEqual({
      entities: ['posts', 'users'],
      wrappers: {
        posts_aggregate: 'aggregate', posts_aggregate_fields: 'aggregateFields', posts_max_fields: 'aggregateValues', posts_sum_fields: 'aggregateValues', posts_mutation_response: 'payload',
        users_aggregate: 'aggregate', users_aggregate_fields: 'aggregateFields', users_avg_fields: 'aggregateValues', users_max_fields: 'aggregateValues', users_min_fields: 'aggregateValues', users_sum_fields: 'aggregateValues', users_mutation_response: 'payload',
      },
    });
    expect(kinds(REST_SDL)).toEqual({ entities: ['Author', 'Book'], wrappers: { Authors: 'page', Books: 'page', Info: 'pageInfo' } });
    expect(kinds(POSTGRAPHILE_SDL).entities).toEqual(['Organization', 'User', 'UserEmail']);
  });
});

describe('filters', () => {
  const rows = [
    { id: 1, name: 'Rick Sanchez', age: 70, status: 'Alive' },
    { id: 2, name: 'Morty', age: 14, status: 'alive' },
    { id: 3, name: 'Birdperson', age: null, status: 'Dead' },
    { id: 4, name: '100%_sure', age: 33, status: 'unknown' },
  ];
  const type = { table: 'people', key: 'id', fields: { id: { column: 'id' }, name: { column: 'name' }, age: { column: 'age' }, status: { column: 'status' } } };
  const select = (filter: Record<string, unknown>, style: 'equal' | 'contains' = 'equal') => {
    const f = readFilter(filter, style, undefined, { type, typeName: 'Person', path: 'Query.people', warn: () => {} }, 'where');
    return rows.filter((r) => matchesRow(f, r)).map((r) => r.id);
  };

  it('mean the same rows in Hasura’s, PostGraphile’s and Prisma’s spellings', () => {
    const spellings = [
      { _and: [{ age: { _gte: 14 } }, { _or: [{ name: { _ilike: '%r%' } }, { status: { _eq: 'unknown' } }] }], _not: { id: { _in: [2] } } },
      { and: [{ age: { greaterThanOrEqualTo: 14 } }, { or: [{ name: { likeInsensitive: '%r%' } }, { status: { equalTo: 'unknown' } }] }], not: { id: { in: [2] } } },
      { AND: [{ age: { gte: 14 } }, { OR: [{ name: { contains: 'r', mode: 'insensitive' } }, { status: { equals: 'unknown' } }] }], NOT: { id: { in: [2] } } },
    ];
    for (const filter of spellings) expect(select(filter)).toEqual([1, 4]);
  });

  it('read operators written after the field, as OpenCRUD (Prisma 1, Graphcool) and camel-case filters write them', () => {
    const opencrud = { AND: [{ age_gte: 14 }, { OR: [{ name_contains: 'a' }, { status: 'unknown' }] }], id_not_in: [2] };
    expect(select(opencrud)).toEqual([1, 4]);
    expect(select({ nameStartsWith: 'Mor' })).toEqual([2]);
    expect(select({ name_not_starts_with: 'Mor', age_not: null })).toEqual([1, 4]);
    expect(select({ age_lt: 30, status_in: ['alive', 'Dead'] })).toEqual([2]);
    // A field whose own name ends like an operator is that field, not a comparison.
    expect(select({ status: 'Dead' })).toEqual([3]);
  });

  it('compare plain values by equality, or by case-insensitive contains for a REST wrapper’s filter', () => {
    expect(select({ status: 'alive' })).toEqual([2]);
    expect(select({ status: 'alive' }, 'contains')).toEqual([1, 2]);
    expect(select({ age: null })).toEqual([3]);
  });

  it('read LIKE patterns literally where escaped, and never backtrack exponentially', () => {
    expect(select({ name: { _like: '100\\%\\_%' } })).toEqual([4]);
    expect(select({ name: { _like: '100%' } })).toEqual([4]);
    expect(likeMatch('Morty', 'm_rt%', true)).toBe(true);
    expect(likeMatch('Morty', 'm_rt%', false)).toBe(false);
    // A regular expression of this pattern takes exponential time on a row of 40 a's; the wildcard walk answers at once.
    expect(likeMatch('a'.repeat(40), `${'%a'.repeat(20)}%b`, false)).toBe(false);
  });

  it('refuse what the mock cannot filter by, and texts too long to compare, before any scan', () => {
    expect(() => select({ friends: { _eq: 1 } })).toThrow(/Person has no field friends the mock can filter by/);
    expect(() => select({ name: { _frobnicate: 1 } })).toThrow(/does not know the filter operator _frobnicate/);
    expect(() => select({ name: { _like: `%${'a'.repeat(300)}` } })).toThrow(/at most 200 characters in a LIKE pattern/);
  });
});

describe('pages in the shape of the Apollo tutorial', () => {
  const SPACE = `type Query { launches(pageSize: Int, after: String): LaunchConnection! }
type LaunchConnection { cursor: String! hasMore: Boolean! launches: [Launch]! }
type Launch { id: ID! site: String }`;

  it("walk every row once by the page's own cursor, and give a cursor even past the last row", async () => {
    const { run } = await mockOf(SPACE);
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 100; page++) {
      const answer = await run('query($after: String) { launches(pageSize: 7, after: $after) { cursor hasMore launches { id } } }', { after });
      expect(answer.errors).toBeUndefined();
      const { cursor, hasMore, launches } = answer.data.launches;
      seen.push(...launches.map((l: { id: string }) => l.id));
      after = cursor;
      if (!hasMore) break;
    }
    expect(seen.length).toBeGreaterThan(7);
    expect(new Set(seen).size).toBe(seen.length);
    const past = await run('query($after: String) { launches(pageSize: 7, after: $after) { cursor hasMore launches { id } } }', { after });
    expect(past.errors).toBeUndefined();
    expect(past.data.launches).toMatchObject({ hasMore: false, launches: [] });
    expect(typeof past.data.launches.cursor).toBe('string');
  });
});

describe('bindings', () => {
  it('say in the answer which given arguments nothing binds, rather than ignoring them silently', async () => {
    const sdl = REST_SDL.replace('books(page: Int, filter: FilterBook): Books', 'books(page: Int, filter: FilterBook, q: String): Books');
    const { run } = await mockOf(sdl);
    const answer = await run('{ books(q: "dune") { info { count } } }');
    expect(answer.errors).toBeUndefined();
    expect(answer.extensions.warnings).toEqual(['Query.books(q) is not bound to the data: the mock ignored it (bind it in the document\'s graphql mapping)']);
  });

  it('follow the document where a user rebinds an argument by hand', async () => {
    const sdl = REST_SDL.replace('books(page: Int, filter: FilterBook): Books', 'books(page: Int, filter: FilterBook, q: String): Books');
    const { run, document } = await mockOf(sdl, (doc) => {
      doc.graphql.mapping.roots.books.args.q = { eq: 'format' };
    });
    expect((document as any).graphql.mapping.roots.books.args).toMatchObject({ page: { page: 'page' }, filter: { filter: 'contains' } });
    const answer = await run('{ books(q: "Ebook", page: 1) { info { count } results { format } } }');
    expect(answer.extensions).toBeUndefined();
    expect(answer.data.books.results.length).toBeGreaterThan(0);
    for (const b of answer.data.books.results) expect(b.format).toBe('Ebook');
  });

  it('refuse text PostgreSQL cannot hold and orders of too many keys, at the argument’s path, before reading rows', async () => {
    const { run } = await mockOf(HASURA_SDL);
    const nul = await run('query($n: String) { users(where: { name: { _eq: $n } }) { id } }', { n: 'a\u0000b' });
    expect(nul.errors[0]).toMatchObject({ message: 'where.name._eq must not contain a NUL character', extensions: { code: 'BAD_USER_INPUT', path: 'where.name._eq' } });
    const order = await run(`{ users(order_by: [${Array.from({ length: 9 }, () => '{ id: asc }').join(', ')}]) { id } }`);
    expect(order.errors[0].message).toBe('a list is ordered by at most 8 fields');
  });

  it('answer a root field nothing maps with an error that says so', async () => {
    const { run } = await mockOf(REST_SDL.replace('type Query {', 'type Query {\n  bookCount: Int'));
    const answer = await run('{ bookCount }');
    expect(answer.errors[0].message).toMatch(/^The mock cannot answer Query\.bookCount: a value, not rows of a table/);
    expect(answer.data.bookCount).toBeNull();
  });
});

describe('limits of one mock', () => {
  const deep = (levels: number) => `{ author(id: 1) { ${'books { author { '.repeat(levels)}id${' } }'.repeat(levels)} } }`;

  it('admit the depth real clients send (15) and refuse deeper; a document and seedbed mock’s flags may set their own', async () => {
    expect((await (await mockOf(REST_SDL)).run(deep(6))).errors).toBeUndefined();
    const refused = await (await mockOf(REST_SDL)).run(deep(8));
    expect(refused.errors[0].message).toMatch(/depth/i);
    expect((await (await mockOf(REST_SDL, (d) => (d.mock = { depth: 20 }))).run(deep(8))).errors).toBeUndefined();
    expect((await (await mockOf(REST_SDL, (d) => (d.mock = { depth: 20 }), { depth: 5 })).run(deep(3))).errors[0].message).toMatch(/depth/i);
  });

  it('refuse an answer of more rows than the mock allows before making them', async () => {
    const { run } = await mockOf(HASURA_SDL, (d) => (d.mock = { rows: 50 }));
    const answer = await run('{ users { id } }');
    expect(answer.errors[0]).toMatchObject({ message: 'This query would answer more than 50 rows; ask for smaller pages or fewer nested lists.' });
    expect((await run('{ users(limit: 50) { id } }')).errors).toBeUndefined();
  });

  it('refuse a filter over more rows than the scan bound, with its message', async () => {
    const { run } = await mockOf(HASURA_SDL, (d) => (d.tables.find((t: { name: string }) => t.name === 'users').rows = 150_000));
    const answer = await run('{ users(where: { name: { _ilike: "%a%" } }, limit: 5) { id } }');
    expect(answer.errors[0]).toMatchObject({ message: 'a filter on users.name would scan 150,000 rows; at most 100,000 may be scanned per request' });
    // Lookups by key and plain pages read no more than they show.
    expect((await run('{ users_by_pk(id: 149999) { id } users(limit: 3, offset: 149990) { id } }')).data).toEqual({ users_by_pk: { id: 149999 }, users: [{ id: 149991 }, { id: 149992 }, { id: 149993 }] });
  });
});
