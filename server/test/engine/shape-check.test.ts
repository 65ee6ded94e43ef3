import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { compiledNow, schemaHash, shapeCheck, shapeCheckSource } from '../../../packages/engine/src/document/shape-check';
import { shop } from './helpers';

const GENERATED = path.join(__dirname, '..', '..', '..', 'packages', 'engine', 'src', 'document', 'shape-check.generated.js');

describe('the precompiled blueprint shape check', () => {
  it('is the code Ajv makes from the schema as it is now (else run npm run codegen)', () => {
    expect(readFileSync(GENERATED, 'utf8')).toBe(shapeCheckSource());
  });

  it('is the one the engine uses, because it is fresh', () => {
    const generated = require(GENERATED) as { validate: unknown; schemaHash: string };
    expect(generated.schemaHash).toBe(schemaHash());
    expect(shapeCheck()).toBe(generated.validate);
  });

  it('finds the same errors as the schema compiled at run time', () => {
    const good = shop();
    const bads: unknown[] = [
      {},
      { ...good, seedbed: 2, extra: true },
      { ...good, tables: [{ name: '1bad', rows: -1, fields: [{ name: 'x', generator: 7 }], primaryKey: ['x', 3] }] },
      { ...good, tables: [{ ...good.tables[0], rows: { perParent: 5, min: 'a' } }] },
      { ...good, name: 'x'.repeat(300), locale: 5, seed: 1.5, refDate: 'yesterday' },
    ];
    const now = compiledNow();
    const pre = shapeCheck();
    for (const doc of [good, ...bads]) {
      expect(pre(doc)).toBe(now(doc));
      const strip = (errors: typeof pre.errors) => (errors ?? []).map(({ instancePath, keyword, params, message, data }) => ({ instancePath, keyword, params, message, data }));
      expect(strip(pre.errors)).toEqual(strip(now.errors));
    }
  });
});
