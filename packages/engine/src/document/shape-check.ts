/**
 * The blueprint's shape check (its JSON Schema, by Ajv). Compiling the schema
 * costs ~0.15 s, more than the rest of a short `seedbed generate`, so it is
 * compiled ahead of time into `shape-check.generated.js` (Ajv's standalone
 * code, written by `npm run codegen`). That file is used only while it was
 * made from the schema as it is now; otherwise the schema is compiled here,
 * as it always was, so a stale file costs time, never correctness.
 */
import { crc32 } from 'node:zlib';
import type { ValidateFunction } from 'ajv';
import { blueprintJsonSchema } from './json-schema';

const AJV_OPTIONS = { allErrors: true, strict: false, verbose: true } as const;

/**
 * What the generated file was made from: a CRC-32 of the schema's text, to
 * notice a file not regenerated after an edit (CI's codegen check also
 * does). Not SHA-256: loading node:crypto cost ~4 ms of every start.
 */
export function schemaHash(): string {
  return crc32(JSON.stringify(blueprintJsonSchema)).toString(16).padStart(8, '0');
}

let check: ValidateFunction | undefined;

/** The shape validator, made on first use (importing the engine compiles nothing). */
export function shapeCheck(): ValidateFunction {
  if (check) return check;
  const made = require('./shape-check.generated.js') as { validate: ValidateFunction; schemaHash: string };
  check = made.schemaHash === schemaHash() ? made.validate : compiledNow();
  return check;
}

/** The schema compiled in this process: the stale-file path, and the reference the generated code is tested against. */
export function compiledNow(): ValidateFunction {
  const Ajv = (require('ajv') as typeof import('ajv')).default;
  return new Ajv(AJV_OPTIONS).compile(blueprintJsonSchema);
}

/** The text of `shape-check.generated.js`. */
export function shapeCheckSource(): string {
  const Ajv = (require('ajv') as typeof import('ajv')).default;
  const standaloneCode = (require('ajv/dist/standalone') as typeof import('ajv/dist/standalone')).default;
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
  const code = standaloneCode(ajv, ajv.compile(blueprintJsonSchema));
  return [
    '// Generated from json-schema.ts by packages/engine/scripts/shape-check.ts (npm run codegen): do not edit.',
    code,
    `module.exports.validate = module.exports;`,
    `module.exports.schemaHash = '${schemaHash()}';`,
    '',
  ].join('\n');
}
