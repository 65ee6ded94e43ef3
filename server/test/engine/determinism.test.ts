import { blueprintSqlPieces, compileBlueprint, previewRows, streamPieces, streamTable, tablePieces, writePieces, FORMATS, type StreamPiece } from '@seedbed/engine';
import { ChunkWorkerPool } from '../../../packages/engine/src/parallel/worker-pool';
import { collect, shop } from './helpers';

describe('cell addressing', () => {
  const plan = compileBlueprint(shop());

  it('gives identical bytes for the same document and seed, in every format', async () => {
    const again = compileBlueprint(shop());
    for (const format of FORMATS) {
      for (const name of plan.order) {
        expect(await collect(streamTable(again, name, format))).toBe(await collect(streamTable(plan, name, format)));
      }
    }
  });

  it('gives different data for another seed', async () => {
    const other = compileBlueprint(shop(), { seed: 43 });
    expect(await collect(streamTable(other, 'users', 'csv'))).not.toBe(await collect(streamTable(plan, 'users', 'csv')));
  });

  it('produces the same bytes with 1 worker, with 2 workers, and with this thread beside a helper', async () => {
    const helpers = new ChunkWorkerPool(1);
    try {
      for (const format of ['csv', 'tsv', 'json', 'sql'] as const) {
        for (const name of plan.order) {
          const single = await collect(streamTable(plan, name, format, { workers: 1, chunkRows: 97 }));
          const parallel = await collect(streamTable(plan, name, format, { workers: 2, chunkRows: 97 }));
          const shared = await collect(streamTable(plan, name, format, { helpers, chunkRows: 97, offset: 3 }));
          expect(parallel).toBe(single);
          // The same rows from offset 3: the header (and the JSON framing) as a stream starting there.
          expect(shared).toBe(await collect(streamTable(plan, name, format, { chunkRows: 97, offset: 3 })));
        }
      }
    } finally {
      await helpers.close();
    }
  });

  it('writes the bytes of streamPieces through writePieces, alone and beside a helper, its chunk memory reused', async () => {
    const helpers = new ChunkWorkerPool(1);
    // Each chunk copied at once: writePieces encodes into the same memory once the writer has returned.
    const written = async (pieces: StreamPiece[], format: (typeof FORMATS)[number], options: Parameters<typeof writePieces>[3]) => {
      const parts: Buffer[] = [];
      await writePieces(plan, pieces, format, options, (bytes) => void parts.push(Buffer.from(bytes)));
      return Buffer.concat(parts).toString();
    };
    // Up before the rows start: this thread makes every chunk while no helper is.
    await helpers.whenReady();
    try {
      const cases: [StreamPiece[], (typeof FORMATS)[number]][] = [
        ...(['csv', 'ndjson', 'json'] as const).map((format): [StreamPiece[], (typeof FORMATS)[number]] => [tablePieces(plan, 'order_items', format, { offset: 5 }), format]),
        [tablePieces(plan, 'users', 'tsv', { output: { nullMarker: 'NIL' } }), 'tsv'],
        [blueprintSqlPieces(plan, 'mysql'), 'sql'],
      ];
      for (const [pieces, format] of cases) {
        const options = { dialect: format === 'sql' ? ('mysql' as const) : undefined, output: format === 'tsv' ? { nullMarker: 'NIL' } : undefined };
        const whole = await collect(streamPieces(plan, pieces, format, options));
        expect(await written(pieces, format, { ...options, chunkRows: 41 })).toBe(whole);
        const pooled = jest.spyOn(helpers, 'encode');
        expect(await written(pieces, format, { ...options, helpers, chunkRows: 41 })).toBe(whole);
        expect(pooled).toHaveBeenCalled();
        pooled.mockRestore();
      }
    } finally {
      await helpers.close();
    }
  });

  it('does not depend on chunk size', async () => {
    const a = await collect(streamTable(plan, 'order_items', 'sql', { chunkRows: 7 }));
    const b = await collect(streamTable(plan, 'order_items', 'sql', { chunkRows: 10_000 }));
    expect(a).toBe(b);
  });

  it('previews rows at an offset equal to the same rows of the full output', async () => {
    const all = (await collect(streamTable(plan, 'order_items', 'ndjson'))).trim().split('\n').map((l) => JSON.parse(l));
    const offset = Math.floor(all.length / 2);
    const preview = previewRows(plan, 'order_items', offset, 10);
    expect(preview.rows).toHaveLength(10);
    preview.rows.forEach((row, i) => {
      expect(Object.fromEntries(preview.columns.map((c, k) => [c.name, row[k]]))).toEqual(all[offset + i]);
    });
  });

  it('streams an offset range equal to the slice of the full stream', async () => {
    const full = (await collect(streamTable(plan, 'orders', 'csv'))).split('\r\n');
    const part = (await collect(streamTable(plan, 'orders', 'csv', { offset: 100, count: 50 }))).split('\r\n');
    expect(part.slice(1, 51)).toEqual(full.slice(101, 151));
  });

  it('leaves every other column unchanged when a field is added', async () => {
    const base = shop();
    const extended = shop();
    extended.tables[0].fields.splice(2, 0, { name: 'nickname', generator: 'internet.username' });
    extended.tables[1].fields.push({ name: 'note', generator: 'lorem.word' });
    for (const name of ['users', 'orders']) {
      const before = previewRows(compileBlueprint(base), name, 0, 100);
      const after = previewRows(compileBlueprint(extended), name, 0, 100);
      for (const column of before.columns) {
        const i = before.columns.indexOf(column);
        const j = after.columns.findIndex((c) => c.name === column.name);
        expect(after.rows.map((r) => r[j])).toEqual(before.rows.map((r) => r[i]));
      }
    }
  });

  it('computes row 10,000,000 without generating the rows before it', () => {
    const big = shop();
    big.tables[0].rows = 20_000_000;
    const started = Date.now();
    const preview = previewRows(compileBlueprint({ ...big, tables: [big.tables[0]] }), 'users', 10_000_000, 3);
    expect(preview.rows.map((r) => r[0])).toEqual([10_000_001, 10_000_002, 10_000_003]);
    expect(preview.rows[0][3]).toMatch(/^[a-z]+\.[a-z]+10000001@/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('finds the parent of any child row without generating earlier children', () => {
    const plan = compileBlueprint(shop(200_000));
    const orders = plan.table('orders').layout.rows;
    const last = previewRows(plan, 'orders', orders - 1, 5);
    expect(last.rows).toHaveLength(1);
    expect(last.rows[0][1]).toBeLessThanOrEqual(200_000);
  });
});
