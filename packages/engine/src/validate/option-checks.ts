/**
 * The generators' option checks: each generator's options against its JSON
 * Schema, by Ajv. Compiling one schema costs milliseconds (and Ajv itself
 * more), paid for each generator of a blueprint on the way to its first row,
 * so they are compiled ahead of time into `option-checks.generated.js` (Ajv's
 * standalone code, written by `npm run codegen`), keyed by each schema's JSON
 * text. A schema changed since is not found there and is compiled here, as
 * before: a stale file costs time, never correctness.
 */
import type { ValidateFunction } from 'ajv';
import type { GeneratorDef } from '../generators/types';

// The option schemas are constants of the catalog, never user input: checking them
// against Ajv's meta-schema at run time only cost ~20 ms per process.
const AJV_OPTIONS = { allErrors: true, strict: false, validateSchema: false } as const;

/** The schema a generator's `options` object must match. */
export function optionSchema(def: GeneratorDef): object {
  return { type: 'object', properties: def.options ?? {}, required: def.required ?? [], additionalProperties: false };
}

let generated: Record<string, ValidateFunction> | undefined;
const checks = new Map<string, ValidateFunction>();

/** The check of `def`'s options: the precompiled one of its schema, else compiled now. */
export function optionCheck(def: GeneratorDef): ValidateFunction {
  let check = checks.get(def.id);
  if (!check) {
    const schema = optionSchema(def);
    generated ??= (require('./option-checks.generated.js') as { bySchema: Record<string, ValidateFunction> }).bySchema;
    const text = JSON.stringify(schema);
    check = Object.hasOwn(generated, text) ? generated[text] : compiledNow(schema);
    checks.set(def.id, check);
  }
  return check;
}

let ajv: import('ajv').default | undefined;

/** `schema` compiled in this process: the stale-file path, and the reference the generated code is tested against. */
export function compiledNow(schema: object): ValidateFunction {
  const Ajv = (require('ajv') as typeof import('ajv')).default;
  ajv ??= new Ajv(AJV_OPTIONS);
  return ajv.compile(schema);
}

/** The text of `option-checks.generated.js`: one check per distinct option schema of `defs`. */
export function optionChecksSource(defs: readonly GeneratorDef[]): string {
  const Ajv = (require('ajv') as typeof import('ajv')).default;
  const standaloneCode = (require('ajv/dist/standalone') as typeof import('ajv/dist/standalone')).default;
  const source = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
  const texts = [...new Set(defs.map((def) => JSON.stringify(optionSchema(def))))].sort();
  const refs: Record<string, string> = {};
  texts.forEach((text, i) => {
    source.addSchema(JSON.parse(text) as object, `options${i}`);
    refs[`check${i}`] = `options${i}`;
  });
  return [
    '// Generated from the generators\' option schemas by packages/engine/scripts/shape-check.ts (npm run codegen): do not edit.',
    standaloneCode(source, refs),
    'module.exports.bySchema = {',
    ...texts.map((text, i) => `  ${JSON.stringify(text)}: module.exports.check${i},`),
    '};',
    '',
  ].join('\n');
}
