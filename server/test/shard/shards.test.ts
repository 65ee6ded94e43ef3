/**
 * `--shard I/N`: the N shards of a file, joined in order, are the file the
 * single run writes, byte for byte — for each format, dialect and shard
 * count, with tables sized by their own count and tables sized per parent
 * row (whose rows are split wherever the boundary falls among parents).
 */
import { blueprintSqlPieces, compileBlueprint, pieceRows, shardPieces, streamBlueprintSql, streamPieces, streamTable, tablePieces, type Format, type Plan } from '@seedbed/engine';
import { collect, doc, shop, table } from '../engine/helpers';

/** Fixed sizes only: a people table and a lookup table referenced at random. */
const flat = () =>
  doc([
    table('countries', 13, [
      { name: 'code', generator: 'sequence' },
      { name: 'name', generator: 'location.country' },
    ], 'code'),
    table('people', 257, [
      { name: 'id', generator: 'uuid' },
      { name: 'name', generator: 'person.fullName' },
      { name: 'note', generator: 'lorem.sentence', nullRate: 0.4 },
      { name: 'country', generator: 'ref', options: { table: 'countries' } },
    ], 'id'),
  ]);

const BLUEPRINTS: [string, () => Plan][] = [
  ['fixed-size tables', () => compileBlueprint(flat())],
  ['per-parent tables', () => compileBlueprint(shop(97))],
];

async function joined(plan: Plan, pieces: ReturnType<typeof tablePieces>, format: Format, n: number, dialect: 'postgres' | 'mysql' | 'sqlite' = 'postgres'): Promise<{ text: string; sizes: number[] }> {
  const parts: string[] = [];
  // Small chunks so that shard boundaries fall inside chunks and INSERT batches too.
  for (let i = 0; i < n; i++) parts.push(await collect(streamPieces(plan, shardPieces(pieces, i, n), format, { dialect, chunkRows: 40 })));
  return { text: parts.join(''), sizes: parts.map((p) => p.length) };
}

describe.each(BLUEPRINTS)('shards of %s', (_name, makePlan) => {
  const plan = makePlan();

  it.each([1, 3, 7])('CSV and NDJSON: %i shards of every table join into the single run', async (n) => {
    for (const format of ['csv', 'ndjson'] as const) {
      for (const name of plan.order) {
        const whole = await collect(streamTable(plan, name, format));
        const { text, sizes } = await joined(plan, tablePieces(plan, name, format), format, n);
        expect(text).toBe(whole);
        // The work is split: with more shards than one, no shard holds the whole table.
        if (n > 1 && plan.table(name).layout.rows > n) expect(Math.max(...sizes)).toBeLessThan(whole.length);
      }
    }
  });

  it.each([1, 3, 7])('SQL: %i shards of the whole script join into it, in every dialect', async (n) => {
    for (const dialect of ['postgres', 'mysql', 'sqlite'] as const) {
      const whole = await collect(streamBlueprintSql(plan, dialect));
      expect((await joined(plan, blueprintSqlPieces(plan, dialect), 'sql', n, dialect)).text).toBe(whole);
    }
  });
});

describe('shard boundaries', () => {
  const plan = compileBlueprint(flat());

  it('give every row to exactly one shard, and shards beyond the rows are empty', async () => {
    const pieces = tablePieces(plan, 'countries', 'ndjson');
    const shards = Array.from({ length: 20 }, (_, i) => shardPieces(pieces, i, 20));
    const rows = shards.map(pieceRows);
    expect(rows.reduce((a, b) => a + b, 0)).toBe(13);
    expect(Math.max(...rows)).toBe(1);
    const { text } = await joined(plan, pieces, 'ndjson', 20);
    expect(text).toBe(await collect(streamTable(plan, 'countries', 'ndjson')));
  });

  it('keep a window (offset and count) as the single run writes it', async () => {
    const options = { offset: 100, count: 50 };
    const whole = await collect(streamTable(plan, 'people', 'csv', options));
    expect((await joined(plan, tablePieces(plan, 'people', 'csv', options), 'csv', 7)).text).toBe(whole);
  });

  it('refuse an index outside the count', () => {
    const pieces = tablePieces(plan, 'people', 'csv');
    expect(() => shardPieces(pieces, 3, 3)).toThrow(/from 0 to 2/);
    expect(() => shardPieces(pieces, 0, 0)).toThrow(/positive integer/);
  });
});
