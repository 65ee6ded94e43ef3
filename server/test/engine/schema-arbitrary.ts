import fc from 'fast-check';

/**
 * fast-check arbitraries drawn from a JSON Schema: the subset the generator
 * catalog's option schemas use (type, enum, const, not, oneOf/anyOf,
 * minimum/maximum and their exclusive forms, minLength/maxLength, pattern,
 * properties/required/additionalProperties/minProperties,
 * items/minItems/maxItems). An empty schema means any JSON value. A keyword
 * outside that subset throws, so a schema that grows a new keyword is noticed
 * rather than silently drawn from too widely.
 *
 * Draws are valid for the schema alone; rules across options (min ≤ max,
 * from ≤ to) are the validator's, so callers filter with it.
 */
export type Schema = Record<string, unknown>;

export interface SchemaArbitraryOptions {
  /**
   * Strings the caller expects to matter (row references such as `{first}`,
   * realistic ISO dates): mixed into every string schema that admits them,
   * since random text rarely hits a pattern's meaningful part.
   */
  strings?: fc.Arbitrary<string>[];
}

const KNOWN = new Set([
  'type', 'enum', 'const', 'not', 'oneOf', 'anyOf', 'description',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minLength', 'maxLength', 'pattern',
  'properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties',
  'items', 'minItems', 'maxItems',
]);

/** Text with the characters CSV, TSV and JSON treat specially, besides any code unit. */
const text = (minLength = 0, maxLength = 12) =>
  fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: fc.constantFrom('a', ',', '"', '\\', '\n', '\r', '\t', ' ', 'é', '😀', '\u0000', '\u2028') }),
    fc.string({ minLength, maxLength, unit: 'binary' }),
  );

const anyJson = (): fc.Arbitrary<unknown> => fc.jsonValue({ maxDepth: 2, stringUnit: 'binary' });

export function arbitraryOf(schema: Schema, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const unknown = Object.keys(schema).filter((k) => !KNOWN.has(k));
  if (unknown.length) throw new Error(`schema keyword(s) ${unknown.join(', ')} not supported by arbitraryOf`);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.not) {
    const { not, ...rest } = schema;
    const excluded = (not as Schema).const;
    if (!('const' in (not as Schema))) throw new Error('arbitraryOf supports `not` of a `const` only');
    return arbitraryOf(rest, options).filter((v) => JSON.stringify(v) !== JSON.stringify(excluded));
  }
  const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (branches) return fc.oneof(...branches.map((b) => arbitraryOf(b, options)));
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => arbitraryOf({ ...schema, type: t }, options)));
  switch (type) {
    case undefined:
      return anyJson();
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerOf(schema);
    case 'number':
      return numberOf(schema);
    case 'string':
      return stringOf(schema, options);
    case 'array':
      return fc.array(schema.items ? arbitraryOf(schema.items as Schema, options) : anyJson(), {
        minLength: (schema.minItems as number) ?? 0,
        maxLength: (schema.maxItems as number) ?? ((schema.minItems as number) ?? 0) + 6,
      });
    case 'object':
      return objectOf(schema, options);
    default:
      throw new Error(`arbitraryOf: type ${String(type)} not supported`);
  }
}

function boundsOf(schema: Schema, integer: boolean): { min: number; max: number; minExcluded: boolean; maxExcluded: boolean } {
  const lowest = integer ? Number.MIN_SAFE_INTEGER : -Number.MAX_VALUE;
  const highest = integer ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE;
  const exMin = schema.exclusiveMinimum as number | undefined;
  const exMax = schema.exclusiveMaximum as number | undefined;
  let min = (schema.minimum as number | undefined) ?? exMin ?? lowest;
  let max = (schema.maximum as number | undefined) ?? exMax ?? highest;
  if (integer) {
    min = exMin !== undefined && schema.minimum === undefined ? Math.floor(exMin) + 1 : Math.ceil(min);
    max = exMax !== undefined && schema.maximum === undefined ? Math.ceil(exMax) - 1 : Math.floor(max);
  }
  return { min, max, minExcluded: !integer && schema.minimum === undefined && exMin !== undefined, maxExcluded: !integer && schema.maximum === undefined && exMax !== undefined };
}

/** Mostly small integers (where bugs in digits and ranges show), sometimes anywhere in range. */
function integerOf(schema: Schema): fc.Arbitrary<number> {
  const { min, max } = boundsOf(schema, true);
  const wide = fc.integer({ min, max });
  const small = { min: Math.max(min, -1000), max: Math.min(max, 1000) };
  return small.min <= small.max ? fc.oneof({ arbitrary: fc.integer(small), weight: 3 }, { arbitrary: wide, weight: 1 }) : wide;
}

/** Small decimals and integers mostly, any double in range sometimes. */
function numberOf(schema: Schema): fc.Arbitrary<number> {
  const { min, max, minExcluded, maxExcluded } = boundsOf(schema, false);
  const inRange = (v: number) => (minExcluded ? v > min : v >= min) && (maxExcluded ? v < max : v <= max);
  const any = fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true });
  const small = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double({ min: -1000, max: 1000, noNaN: true }).map((v) => Math.round(v * 100) / 100));
  return fc.oneof({ arbitrary: small.filter(inRange), weight: 3 }, { arbitrary: any, weight: 1 });
}

function stringOf(schema: Schema, options: SchemaArbitraryOptions): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? Infinity;
  const lengthOk = (s: string) => s.length >= minLength && s.length <= maxLength;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern as string) : undefined;
  const admitted = (s: string) => lengthOk(s) && (!pattern || pattern.test(s));
  const own = pattern ? fc.stringMatching(pattern).filter(lengthOk) : text(minLength, Math.min(maxLength, minLength + 12));
  // A hint the schema never admits (too long, off pattern) is left out: filtering it would draw forever.
  const hints = (options.strings ?? []).filter((a) => fc.sample(a, { numRuns: 20, seed: 1 }).some(admitted)).map((a) => a.filter(admitted));
  return hints.length ? fc.oneof(own, ...hints) : own;
}

function objectOf(schema: Schema, options: SchemaArbitraryOptions): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  // A required key without a schema of its own may hold anything.
  const keys = { ...Object.fromEntries(required.map((k) => [k, {}])), ...properties };
  const declared = fc.record(
    Object.fromEntries(Object.entries(keys).map(([k, s]) => [k, arbitraryOf(s, options)])),
    { requiredKeys: required },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const extra = schema.additionalProperties;
  const minKeys = (schema.minProperties as number) ?? 0;
  const maxKeys = (schema.maxProperties as number) ?? minKeys + 6;
  // Extra keys are drawn only when the schema says what they hold.
  if (!extra || extra === true) return declared.filter((o) => Object.keys(o).length >= minKeys && Object.keys(o).length <= maxKeys);
  const extras = fc.dictionary(text(0, 8), arbitraryOf(extra as Schema, options), { minKeys, maxKeys });
  return fc
    .tuple(declared, extras)
    .map(([own, more]) => ({ ...more, ...own }))
    .filter((o) => Object.keys(o).length >= minKeys && Object.keys(o).length <= maxKeys);
}
