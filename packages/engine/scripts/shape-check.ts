/**
 * Writes `src/document/shape-check.generated.js`: the blueprint's JSON Schema
 * compiled by Ajv ahead of time (its standalone code), so no process compiles
 * it at start-up (~0.15 s, the largest single cost of a short `seedbed
 * generate`). `npm run codegen` runs this; a test fails when the file is
 * stale, and a stale file is never used (validate.ts compiles the schema
 * then, as before).
 *
 *   node -r ./server/bin/ts-register.js packages/engine/scripts/shape-check.ts
 */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { shapeCheckSource } from '../src/document/shape-check';

const target = path.join(__dirname, '..', 'src', 'document', 'shape-check.generated.js');
writeFileSync(target, shapeCheckSource());

