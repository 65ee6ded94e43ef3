import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { compileBlueprint, DIALECTS, FORMATS, streamTable, validateBlueprint, validateGeneratorOptions } from '@seedbed/engine';
import { TEMPLATES } from '../src/modules/template/templates';

async function bytesOf(readable: NodeJS.ReadableStream): Promise<number> {
  let bytes = 0;
  await pipeline(readable, new Writable({ write(chunk: Buffer, _encoding, done) { bytes += chunk.length; done(); } }));
  return bytes;
}

describe('templates', () => {
  it('cover the kinds of data the gallery promises, with distinct ids', () => {
    const ids = TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['people', 'online-shop', 'saas', 'blog', 'support-desk', 'iot-readings', 'bank-ledger', 'hr']));
    for (const t of TEMPLATES) expect(t.description.length).toBeGreaterThan(20);
  });

  it.each(TEMPLATES.map((t) => [t.id, t] as const))('%s validates and generates every table in every format', async (_id, t) => {
    expect(validateBlueprint(t.document)).toEqual([]);
    expect(validateGeneratorOptions(t.document)).toEqual([]);
    const plan = compileBlueprint(t.document, {});
    for (const table of t.document.tables) {
      for (const format of FORMATS) {
        const dialects = format === 'sql' ? DIALECTS : [undefined];
        for (const dialect of dialects) {
          const bytes = await bytesOf(streamTable(plan, table.name, format, { dialect }));
          expect(bytes).toBeGreaterThan(0);
        }
      }
    }
  });
});
