import { CellRng } from '../random/cell-rng';
import { cellSeed, streamKey } from '../random/hash';
import { localeData } from '../locale/locales';
import type { Dialect, GeneratorDef, GeneratorInfo, OutputType, Value } from './types';
import { personGenerators } from './person';
import { locationGenerators } from './location';
import { companyGenerators } from './company';
import { internetGenerators } from './internet';
import { phoneGenerators } from './phone';
import { numberGenerators } from './number';
import { dateGenerators } from './date';
import { stringGenerators } from './string';
import { seedbedGenerators } from './seedbed';
import { textGenerators } from './text';
import { lifestyleGenerators } from './lifestyle';
import { businessGenerators } from './business';
import { techGenerators } from './tech';
import { sqlValueGenerators } from './sql-values';
import { declaredValueGenerators } from './declared-values';
import { spatialGenerators } from './spatial';
import { rangeGenerators } from './range';
import { withMaxLength } from './fit-length';
import { placeGenerators } from './place';
import { rankGenerators } from './catalog-search';

/** Seedbed's own generators whose values are what the user wrote (or read other cells): they take no `maxLength`. */
const VERBATIM = new Set(['ref', 'formula', 'template', 'regex', 'constant', 'weighted', 'list', 'array', 'json', 'tsvector', 'bytes']);

/** Text generators take the column's limit (see fit-length.ts). */
const fitted = (defs: GeneratorDef[]) => defs.map((d) => (d.output === 'string' && !VERBATIM.has(d.id) ? withMaxLength(d) : d));

const ALL: GeneratorDef[] = [
  ...fitted([
  ...seedbedGenerators,
  ...personGenerators,
  ...locationGenerators,
  ...placeGenerators,
  ...companyGenerators,
  ...internetGenerators,
  ...phoneGenerators,
  ...numberGenerators,
  ...dateGenerators,
  ...stringGenerators,
  ...textGenerators,
  ...lifestyleGenerators,
  ...businessGenerators,
  ...techGenerators,
  ]),
  ...sqlValueGenerators,
  ...declaredValueGenerators,
  ...spatialGenerators,
  ...rangeGenerators,
];

const BY_ID = new Map(ALL.map((g) => [g.id, g]));
if (BY_ID.size !== ALL.length) throw new Error('duplicate generator id in the catalog');

export function getGenerator(id: string): GeneratorDef | undefined {
  return BY_ID.get(id);
}

/** Column types by output type; MySQL's string columns are sized per field (see `mysqlStringType`), TEXT when the size is unknown. */
export const DEFAULT_SQL_TYPES: Record<OutputType, Record<Dialect, string>> = {
  string: { postgres: 'TEXT', mysql: 'TEXT', sqlite: 'TEXT' },
  integer: { postgres: 'BIGINT', mysql: 'BIGINT', sqlite: 'INTEGER' },
  float: { postgres: 'DOUBLE PRECISION', mysql: 'DOUBLE', sqlite: 'REAL' },
  boolean: { postgres: 'BOOLEAN', mysql: 'BOOLEAN', sqlite: 'INTEGER' },
  date: { postgres: 'DATE', mysql: 'DATE', sqlite: 'TEXT' },
  datetime: { postgres: 'TIMESTAMP', mysql: 'DATETIME', sqlite: 'TEXT' },
  uuid: { postgres: 'UUID', mysql: 'CHAR(36)', sqlite: 'TEXT' },
  json: { postgres: 'JSONB', mysql: 'JSON', sqlite: 'TEXT' },
};

export function sqlTypeOf(def: GeneratorDef | undefined, output: OutputType, dialect: Dialect): string {
  return (def?.output === output ? def?.sqlType?.[dialect] : undefined) ?? DEFAULT_SQL_TYPES[output][dialect];
}

/** MySQL's own string types, largest first, with the UTF-8 bytes each holds. */
const MYSQL_TEXTS: [string, number][] = [
  ['LONGTEXT', 4_294_967_295],
  ['MEDIUMTEXT', 16_777_215],
  ['TEXT', 65_535],
];

/** The usual short-text column: values up to this many bytes keep it. */
const MYSQL_SHORT_CHARS = 255;

/** InnoDB indexes at most 3,072 bytes of a key, and utf8mb4 counts 4 per character. */
export const MYSQL_KEY_CHARS = 768;

/**
 * The MySQL type of a string column whose values take at most `bytes` UTF-8
 * bytes. VARCHAR counts characters, which never outnumber bytes. Keys need
 * VARCHAR: MySQL indexes TEXT only by a prefix and cannot use it in a
 * primary or foreign key. Fields without a bound (faker values, templates of
 * them) are TEXT: 64 KB, a cell's limit give or take a byte.
 */
export function mysqlStringType(bytes: number | undefined, key: boolean): string {
  if (key) return `VARCHAR(${bytes === undefined ? MYSQL_KEY_CHARS : Math.max(1, Math.min(bytes, MYSQL_KEY_CHARS))})`;
  if (bytes === undefined) return 'TEXT';
  if (bytes <= MYSQL_SHORT_CHARS) return `VARCHAR(${MYSQL_SHORT_CHARS})`;
  let type = MYSQL_TEXTS[0][0];
  for (const [name, holds] of MYSQL_TEXTS) if (bytes <= holds) type = name;
  return type;
}

/** Options that make generators with required options produce examples. */
const EXAMPLE_OPTIONS: Record<string, Record<string, unknown>> = {
  'date.between': { from: '2020-01-01', to: '2025-12-31' },
  weighted: { values: { paid: 70, pending: 25, refunded: 5 } },
  list: { values: ['red', 'green', 'blue'] },
  constant: { value: 'active' },
  regex: { pattern: '[A-Z]{3}-\\d{4}' },
  'string.fromCharacters': { characters: 'ABC123' },
  array: { element: 'lorem.word', min: 1, max: 3 },
  tsvector: { source: 'a quick brown fox' },
};

const EXAMPLE_COUNT = 3;
const EXAMPLE_REF_DATE = Date.UTC(2025, 0, 1);

function examplesOf(def: GeneratorDef): Value[] {
  if (def.examples) return def.examples;
  const options = EXAMPLE_OPTIONS[def.id] ?? {};
  const ctx = { locale: localeData('en'), refDate: EXAMPLE_REF_DATE, unique: false };
  const fn = def.create(options, ctx);
  const key = streamKey(0, 'examples', def.id);
  const rng = new CellRng();
  const values: Value[] = [];
  for (let i = 0; i < EXAMPLE_COUNT; i++) values.push(fn(rng.reset(cellSeed(key, i)), { index: i, values: [] }));
  return values;
}

/** The MySQL type a non-key column of this generator gets with the example options (DDL sizes each field from its own). */
function listedMysqlType(def: GeneratorDef): string {
  if (def.output !== 'string' || def.sqlType?.mysql) return sqlTypeOf(def, def.output, 'mysql');
  const ctx = { locale: localeData('en'), refDate: EXAMPLE_REF_DATE, unique: false };
  return mysqlStringType(def.maxBytes?.(EXAMPLE_OPTIONS[def.id] ?? {}, ctx), false);
}

function infoOf(def: GeneratorDef): GeneratorInfo {
  return {
    id: def.id,
    category: def.category,
    description: def.description,
    optionsSchema: {
      type: 'object',
      properties: def.options ?? {},
      ...(def.required?.length ? { required: def.required } : {}),
      additionalProperties: false,
    },
    outputType: def.output,
    sqlType: {
      postgres: sqlTypeOf(def, def.output, 'postgres'),
      mysql: listedMysqlType(def),
      sqlite: sqlTypeOf(def, def.output, 'sqlite'),
    },
    get examples() {
      return examplesOf(def);
    },
  };
}

let infos: GeneratorInfo[] | undefined;

/** Every generator, as the API lists it (examples computed lazily, deterministically). */
export function listGenerators(): GeneratorInfo[] {
  infos ??= ALL.map(infoOf);
  return infos;
}

/** How many distinct values a generator can make with these options, when it draws from a finite list (a unique field can have no more rows). */
export function distinctValues(id: string, options: Record<string, unknown> = {}, locale = 'en'): number | undefined {
  const def = BY_ID.get(id);
  if (!def?.space) return undefined;
  try {
    return def.space(options, { locale: localeData(locale), refDate: EXAMPLE_REF_DATE, unique: true })?.size;
  } catch {
    return undefined;
  }
}

export function categories(): string[] {
  return [...new Set(ALL.map((g) => g.category))].sort();
}

/** Case-insensitive search over id, category and description, best matches first (catalog-search.ts); `category` filters exactly. */
export function searchGenerators(search?: string | null, category?: string | null): GeneratorInfo[] {
  return rankGenerators(listGenerators(), search, category);
}
