/**
 * Writes the engine's JSON Schema checks compiled by Ajv ahead of time (its
 * standalone code), so no process compiles them at start-up:
 *
 *   src/document/shape-check.generated.js     the blueprint's shape (~0.15 s
 *                                             to compile, the largest single
 *                                             cost of a short `seedbed generate`)
 *   src/validate/option-checks.generated.js   every generator's options (a few
 *                                             ms per generator a blueprint uses)
 *
 * `npm run codegen` runs this; tests fail when a file is stale, and a stale
 * check is never used (it is compiled at run time then, as before).
 *
 *   node -r ./server/bin/ts-register.js packages/engine/scripts/shape-check.ts
 */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { shapeCheckSource } from '../src/document/shape-check';
import { optionChecksSource } from '../src/validate/option-checks';
import { getGenerator, listGenerators } from '../src/generators/catalog';

const src = path.join(__dirname, '..', 'src');
writeFileSync(path.join(src, 'document', 'shape-check.generated.js'), shapeCheckSource());
writeFileSync(path.join(src, 'validate', 'option-checks.generated.js'), optionChecksSource(listGenerators().map((g) => getGenerator(g.id)!)));
