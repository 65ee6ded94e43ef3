/**
 * Property: for random CHECK expressions from the grammar the import reads
 * (comparisons, IN, BETWEEN, IS [NOT] NULL, AND/OR/NOT, equality of
 * booleans, column-to-column, arithmetic, casts, length/lower/upper/trim,
 * LIKE and regular expressions, CASE, COALESCE) and random rows with NULLs,
 * the predicate the engine compiles — from the tree the importer read out
 * of PostgreSQL's own parse of the text — gives what PostgreSQL gives for
 * the same expression over the same row: true, false or NULL.
 *
 * Text is compared by = and <> only (an ordering would be the database's
 * collation's, not the expression's), numbers are quarters (exact in binary
 * floating point as in numeric).
 */
import { Client } from 'pg';
import { loadModule, parseSync } from 'libpg-query';
import { checkRegex, type CheckExpr } from '@seedbed/engine';
import { compilePredicate } from '../../../packages/engine/src/plan/check-predicate';
import { pgCheck } from '../../../packages/import/src/postgres/check-expr';
import { fc, runsOf } from '../support/fast-check';
import { createEmptyDatabase, type TestDatabase } from '../support/database';

type Row = [number | null, number | null, string | null, string | null, boolean | null];
const COLUMNS = [
  { name: 'i', sql: 'integer', type: 'integer' },
  { name: 'n', sql: 'numeric', type: 'float' },
  { name: 't', sql: 'text', type: 'string' },
  { name: 'd', sql: 'date', type: 'date' },
  { name: 'b', sql: 'boolean', type: 'boolean' },
] as const;

const quarter = fc.integer({ min: -40, max: 40 }).map((q) => q / 4);
const word = fc.stringMatching(/^[a-cA-C _%]{0,5}$/);
const dateLiteral = fc.integer({ min: 0, max: 60 }).map((k) => new Date(Date.UTC(2020, 0, 1 + k * 7)).toISOString().slice(0, 10));
const nullable = <T>(a: fc.Arbitrary<T>) => fc.option(a, { freq: 4, nil: null });
const row: fc.Arbitrary<Row> = fc.tuple(nullable(fc.integer({ min: -20, max: 20 })), nullable(quarter), nullable(word), nullable(dateLiteral), nullable(fc.boolean()));

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const cmp = fc.constantFrom('=', '<>', '<', '<=', '>', '>=');

/** Numeric expressions: integer when `integral` (so `/` truncates in both). */
const numeric = fc.letrec<{ int: string; num: string }>((tie) => ({
  int: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant('i'),
    fc.integer({ min: -9, max: 9 }).map(String),
    fc.tuple(tie('int'), fc.constantFrom('+', '-', '*'), tie('int')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie('int'), fc.constantFrom('/', '%'), fc.integer({ min: 1, max: 7 })).map(([a, op, k]) => `(${a} ${op} ${k})`),
    tie('int').map((a) => `abs(${a})`),
    fc.tuple(tie('int'), fc.integer({ min: -5, max: 5 })).map(([a, k]) => `coalesce(${a}, ${k})`),
    fc.constant('length(t)'),
  ),
  num: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant('n'),
    quarter.map((q) => q.toFixed(2)),
    fc.tuple(tie('num'), fc.constantFrom('+', '-'), tie('num')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    tie('int').map((a) => `(${a})::numeric`),
    tie('num').map((a) => `-(${a})`),
  ),
}));

const text = fc.oneof(fc.constant('t'), word.map(sqlText), fc.constantFrom('lower(t)', 'upper(t)', 'trim(t)', "t || 'a'", "coalesce(t, 'b')"));
const likePattern = fc.stringMatching(/^[a-cA-C%_ ]{0,4}$/).map(sqlText);
const regex = fc.constantFrom('^a', 'b$', '^[a-c]+$', '[A-C]', '^ ', 'a.?b', '^$', '(ab|c)', '[[:upper:]]', '^[[:alpha:] ]*$').map(sqlText);

const bool: fc.Arbitrary<string> = fc.letrec<{ b: string }>((tie) => ({
  b: fc.oneof(
    { depthSize: 'small', withCrossShrink: true, maxDepth: 4 },
    fc.tuple(numeric.int, cmp, numeric.int).map(([a, op, c]) => `${a} ${op} ${c}`),
    fc.tuple(numeric.num, cmp, numeric.num).map(([a, op, c]) => `${a} ${op} ${c}`),
    fc.tuple(numeric.num, cmp, numeric.int).map(([a, op, c]) => `${a} ${op} ${c}`),
    fc.tuple(text, fc.constantFrom('=', '<>'), text).map(([a, op, c]) => `${a} ${op} ${c}`),
    fc.tuple(fc.constantFrom('d', "d + 7"), cmp, dateLiteral).map(([a, op, c]) => `${a} ${op} '${c}'::date`),
    fc.tuple(dateLiteral, dateLiteral).map(([a, c]) => `d BETWEEN '${a}' AND '${c}'`),
    fc.tuple(numeric.int, fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 4 }), fc.boolean()).map(([a, list, neg]) => `${a} ${neg ? 'NOT ' : ''}IN (${list.join(', ')})`),
    fc.tuple(fc.array(fc.option(word, { nil: null }), { minLength: 1, maxLength: 3 }), fc.boolean()).map(([list, neg]) => `t ${neg ? 'NOT ' : ''}IN (${list.map((w) => (w === null ? 'NULL' : sqlText(w))).join(', ')})`),
    fc.tuple(numeric.num, quarter, quarter, fc.boolean()).map(([a, lo, hi, neg]) => `${a} ${neg ? 'NOT ' : ''}BETWEEN ${lo.toFixed(2)} AND ${hi.toFixed(2)}`),
    fc.tuple(fc.constantFrom('i', 'n', 't', 'd', 'b'), fc.boolean()).map(([c, neg]) => `${c} IS ${neg ? 'NOT ' : ''}NULL`),
    fc.tuple(text, fc.constantFrom('LIKE', 'NOT LIKE', 'ILIKE', 'NOT ILIKE'), likePattern).map(([a, op, p]) => `${a} ${op} ${p}`),
    fc.tuple(text, fc.constantFrom('~', '!~', '~*', '!~*'), regex).map(([a, op, p]) => `${a} ${op} ${p}`),
    fc.tuple(fc.constantFrom('char_length(t)', 'length(t)'), cmp, fc.integer({ min: 0, max: 5 })).map(([a, op, k]) => `${a} ${op} ${k}`),
    fc.constantFrom('b', 'b IS TRUE', 'b IS NOT FALSE', 'b IS FALSE'),
    tie('b').map((a) => `NOT (${a})`),
    fc.tuple(tie('b'), fc.constantFrom('AND', 'OR'), tie('b')).map(([a, op, c]) => `(${a}) ${op} (${c})`),
    fc.tuple(tie('b'), fc.constantFrom('=', '<>'), tie('b')).map(([a, op, c]) => `(${a}) ${op} (${c})`),
    fc.tuple(tie('b'), tie('b'), tie('b')).map(([c, x, y]) => `CASE WHEN ${c} THEN ${x} ELSE ${y} END`),
    fc.tuple(text, fc.constantFrom('integer', 'text')).map(([a, type]) => (type === 'text' ? `(i)::text = ${a}` : `(length(${a}))::integer > 1`)),
  ),
})).b;

const SCOPE = {
  field: (name: string) => {
    const index = COLUMNS.findIndex((c) => c.name === name);
    return index < 0 ? undefined : { index, type: COLUMNS[index].type };
  },
  refDate: Date.UTC(2025, 0, 1),
};

/** The engine's reading of `sql`: PostgreSQL's parse, the importer's translation, the engine's predicate. */
function ours(sql: string): (row: Row) => boolean | null {
  const where = (parseSync(`SELECT 1 WHERE ${sql}`).stmts?.[0]?.stmt as { SelectStmt: { whereClause: unknown } }).SelectStmt.whereClause;
  const expr: CheckExpr | undefined = pgCheck(where);
  if (!expr) throw new Error(`the importer could not read ${sql}`);
  return compilePredicate(expr, SCOPE);
}

let db: TestDatabase;
let client: Client;
beforeAll(async () => {
  await loadModule();
  db = await createEmptyDatabase();
  client = new Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await db?.drop();
});

const literal = (v: unknown, sql: string) => (v === null ? `NULL::${sql}` : typeof v === 'string' ? `${sqlText(v)}::${sql}` : `${String(v)}::${sql}`);

describe('CHECK predicates agree with PostgreSQL', () => {
  it('gives what PostgreSQL gives for random expressions over random rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(bool, { minLength: 8, maxLength: 8 }), fc.array(row, { minLength: 12, maxLength: 12 }), async (expressions, rows) => {
        const values = rows.map((r) => `(${r.map((v, k) => literal(v, COLUMNS[k].sql)).join(', ')})`).join(', ');
        const sql = `SELECT ${expressions.map((e, k) => `(${e}) AS e${k}`).join(', ')} FROM (VALUES ${values}) AS r(${COLUMNS.map((c) => c.name).join(', ')})`;
        const { rows: theirs } = await client.query(sql);
        const predicates = expressions.map(ours);
        rows.forEach((r, i) => {
          predicates.forEach((p, k) => {
            const expected = theirs[i][`e${k}`];
            const got = p(r);
            if (got !== expected) throw new Error(`${expressions[k]} over ${JSON.stringify(r)}: PostgreSQL says ${expected}, the engine ${got}`);
          });
        });
      }),
      { numRuns: runsOf(60) },
    );
  }, 120_000);

  it('reads POSIX classes as PostgreSQL does', () => {
    expect(checkRegex('^[[:upper:]][[:digit:]]+$', false).test('A12')).toBe(true);
    expect(checkRegex('^[[:upper:]][[:digit:]]+$', false).test('a12')).toBe(false);
  });
});
