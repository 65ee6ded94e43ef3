/**
 * The generators' option checks: each generator's options against its JSON
 * Schema, by Ajv. Compiling one schema costs milliseconds (and Ajv itself
 * more), paid for each generator of a blueprint on the way to its first row,
 * so they are compiled ahead of time into `option-checks.generated.js` (Ajv's
 * standalone code, written by `npm run codegen`), keyed by each schema's JSON
 * text. Each check there is made when first asked for: running the code of
 * all of them at start cost ~7 ms of every command. A schema changed since
 * is not found there and is compiled here, as before: a stale file costs
 * time, never correctness.
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

/** The generated file: for each schema's JSON text, a function making its check (call it once). */
export type GeneratedChecks = Record<string, () => ValidateFunction>;

let generated: GeneratedChecks | undefined;
const checks = new Map<string, ValidateFunction>();
const madeFromText = new Map<string, ValidateFunction>();

/** The check of `def`'s options: the precompiled one of its schema, else compiled now. */
export function optionCheck(def: GeneratorDef): ValidateFunction {
  let check = checks.get(def.id);
  if (!check) {
    const schema = optionSchema(def);
    generated ??= (require('./option-checks.generated.js') as { bySchema: GeneratedChecks }).bySchema;
    const text = JSON.stringify(schema);
    // Generators sharing a schema share its check.
    check = madeFromText.get(text) ?? (Object.hasOwn(generated, text) ? generated[text]() : compiledNow(schema));
    madeFromText.set(text, check);
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

/**
 * The text of `option-checks.generated.js`: per distinct option schema of
 * `defs`, a function holding Ajv's standalone module of its check, which
 * makes the check when called.
 */
export function optionChecksSource(defs: readonly GeneratorDef[]): string {
  const Ajv = (require('ajv') as typeof import('ajv')).default;
  const standaloneCode = (require('ajv/dist/standalone') as typeof import('ajv/dist/standalone')).default;
  const texts = [...new Set(defs.map((def) => JSON.stringify(optionSchema(def))))].sort();
  const makers = texts.map((text) => {
    const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
    // A module of its own: `module` is a local of the maker, so the check is its `module.exports`.
    return [`  ${JSON.stringify(text)}: () => {`, '    const module = { exports: {} };', `    ${standaloneCode(ajv, ajv.compile(JSON.parse(text) as object))}`, '    return module.exports;', '  },'].join('\n');
  });
  return [
    '// Generated from the generators\' option schemas by packages/engine/scripts/shape-check.ts (npm run codegen): do not edit.',
    '"use strict";',
    'module.exports.bySchema = {',
    ...makers,
    '};',
    '',
  ].join('\n');
}
