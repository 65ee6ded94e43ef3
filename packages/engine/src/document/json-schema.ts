/**
 * JSON Schema of the blueprint document (PRODUCT.md §10). Served at
 * `/schemas/blueprint.json` so editors can autocomplete documents, and used by
 * `validateDocument` for the shape; the rules a schema cannot say (names
 * unique case-insensitively, references, cycles) are checked in validate.ts.
 */
import { ROW_SPEC_LIMITS } from './types';
import { CHECK_LIMITS } from './check-expr';
import { STABLE_KEY_PATTERN } from './stable-keys';

export const MAX_TABLES = 1_000;
export const MAX_FIELDS = 500;
export const IDENTIFIER = '^[A-Za-z_][A-Za-z0-9_]{0,62}$';
const IDENTIFIER_RE = new RegExp(IDENTIFIER);
/** A table or field name: an SQL identifier every dialect takes unquoted (the one rule; the web editor checks it too). */
export const isIdentifier = (name: string): boolean => IDENTIFIER_RE.test(name);

/** Enum and domain names: identifiers, optionally schema-qualified (`public.mpaa_rating`). */
const SQL_TYPE_NAME = '^[A-Za-z_][A-Za-z0-9_]{0,62}(\\.[A-Za-z_][A-Za-z0-9_]{0,62})?$';
export const MAX_SQL_TYPE = 128;
const MAX_TYPES = 1000;
const MAX_ENUM_LABELS = 1000;

/** Bytes of an imported SDL a document keeps (the request body's bound, PRODUCT.md §9). */
export const MAX_SDL_BYTES = 1_000_000;
const GRAPHQL_NAME = '^[_A-Za-z][_0-9A-Za-z]{0,199}$';
const MAX_GRAPHQL_ENTRIES = 1000;
/** 1000000 → 1,000,000 as `toLocaleString('en-US')` writes it, without starting Intl (~10–40 ms, paid by every process importing the engine). */
const withCommas = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const graphqlNames = (description: string, values: object) => ({ type: 'object', description, maxProperties: MAX_GRAPHQL_ENTRIES, propertyNames: { pattern: GRAPHQL_NAME }, additionalProperties: values });

const stableKey = (what: string) => ({
  type: 'string',
  pattern: STABLE_KEY_PATTERN,
  description: `The ${what}'s stable identity: 1 to 64 letters, digits, _ or -, unique among its ${what}s. Kept when it is renamed or moved, and its values with it. Without one, the name serves (as in documents written before keys).`,
});

/**
 * Highest limits a document may set for its mock (PRODUCT.md §9): a mock's
 * work stays bounded by rows per answer and the scan bound whatever the query.
 */
export const MOCK_LIMIT_CEILINGS = { depth: 64, aliases: 200, cost: 1_000_000, rows: 10_000 } as const;

const identifier = { type: 'string', pattern: IDENTIFIER, description: 'An SQL identifier: a letter or _, then up to 62 letters, digits or _.' };
/** A name as SQL writes it quoted: any characters but NUL, at most 63 (PostgreSQL's NAMEDATALEN). */
const sqlName = { type: 'string', minLength: 1, maxLength: 63, pattern: '^[^\\u0000]+$' };

export const blueprintJsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://seedbed.dev/schemas/blueprint.json',
  title: 'Seedbed blueprint',
  description: 'Tables, fields, a generator per field, and relationships: everything needed to generate a dataset.',
  type: 'object',
  additionalProperties: false,
  required: ['seedbed', 'name', 'tables'],
  properties: {
    seedbed: { const: 1, description: 'Document format version.' },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: 'string', maxLength: 5000 },
    locale: { type: 'string', minLength: 2, maxLength: 20, description: 'Default locale of generated values, such as `en` or `de`.' },
    seed: { type: 'integer', minimum: 0, maximum: 2147483647, description: 'Default seed.' },
    refDate: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Anchors relative dates (YYYY-MM-DD); never the clock.' },
    sqlDialect: { enum: ['postgres', 'mysql', 'sqlite'], description: "Dialect the fields' `sqlType`s are written in (default postgres)." },
    enums: {
      type: 'object',
      description: 'Enum types by name, each the list of its labels in order.',
      maxProperties: MAX_TYPES,
      propertyNames: { pattern: SQL_TYPE_NAME },
      additionalProperties: { type: 'array', minItems: 1, maxItems: MAX_ENUM_LABELS, items: { type: 'string', maxLength: 63 } },
    },
    domains: {
      type: 'object',
      description: 'Domains by name: a base type and an optional CHECK as the source SQL wrote it.',
      maxProperties: MAX_TYPES,
      propertyNames: { pattern: SQL_TYPE_NAME },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['type'],
        properties: {
          type: { type: 'string', minLength: 1, maxLength: MAX_SQL_TYPE, description: 'The base type.' },
          check: { type: 'string', maxLength: 2000, description: 'The CHECK expression over VALUE, as the source SQL wrote it.' },
        },
      },
    },
    graphql: {
      type: 'object',
      description: 'Written by a GRAPHQL_SDL import: the SDL its mock API serves exactly, and how its types map to tables. Generation never reads it.',
      additionalProperties: false,
      required: ['sdl', 'mapping'],
      properties: {
        sdl: { type: 'string', minLength: 1, description: `The GraphQL SDL as imported (at most ${withCommas(MAX_SDL_BYTES)} bytes).` },
        mapping: { $ref: '#/definitions/graphqlMapping' },
      },
    },
    mock: {
      type: 'object',
      description: "Limits of this blueprint's mock API (PRODUCT.md §9); each one left out is the server's. Generation never reads them.",
      additionalProperties: false,
      properties: {
        depth: { type: 'integer', minimum: 1, maximum: MOCK_LIMIT_CEILINGS.depth, description: 'Query depth (default 15).' },
        aliases: { type: 'integer', minimum: 1, maximum: MOCK_LIMIT_CEILINGS.aliases, description: 'Aliases in one query (default 15).' },
        cost: { type: 'integer', minimum: 1, maximum: MOCK_LIMIT_CEILINGS.cost, description: "Query cost as the API counts it (default the API's, 5,000)." },
        rows: { type: 'integer', minimum: 1, maximum: MOCK_LIMIT_CEILINGS.rows, description: 'Rows one answer may hold, however they nest (default 5,000).' },
      },
    },
    tables: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_TABLES,
      items: { $ref: '#/definitions/table' },
    },
  },
  definitions: {
    graphqlMapping: {
      type: 'object',
      additionalProperties: false,
      required: ['types', 'connections', 'roots'],
      properties: {
        types: graphqlNames('Object types that became tables, by type name.', {
          type: 'object',
          additionalProperties: false,
          required: ['table', 'key', 'fields'],
          properties: {
            table: identifier,
            key: { ...identifier, description: "The table's key field." },
            fields: graphqlNames(
              'By GraphQL field: {column} for a scalar or enum; {ref, table} for an object; {children, via, connection} for rows of a child table; {junction, from, to, table, connection} for many-to-many.',
              { type: 'object' },
            ),
          },
        }),
        connections: graphqlNames('Relay connection types, each with its node type.', { type: 'string', pattern: GRAPHQL_NAME }),
        roots: graphqlNames('Query fields: {lookup, args} finds a row by its bound arguments, {list, connection, args} pages through a table, {aggregate, args} aggregates it, {node: true} finds a row by its global id.', { type: 'object' }),
        subscriptions: graphqlNames('Subscription fields, as query fields: answered at once and again after each write to the mock.', { type: 'object' }),
        mutations: graphqlNames('Mutation fields: {op: create|update|delete, table, values, key, where, inc}, the last four paths in the arguments.', { type: 'object' }),
        wrappers: graphqlNames('Types wrapping rows (connections, page blocks, payloads, aggregates): the role of each field.', {
          type: 'object',
          maxProperties: MAX_GRAPHQL_ENTRIES,
          propertyNames: { pattern: GRAPHQL_NAME },
          additionalProperties: { type: 'string', maxLength: 40 },
        }),
      },
    },
    table: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'rows', 'fields'],
      properties: {
        key: stableKey('table'),
        name: identifier,
        schema: { ...sqlName, description: 'The schema (namespace) the source declared the table in; PostgreSQL output qualifies the table with it.' },
        sqlName: { ...sqlName, description: 'The table name as the source SQL wrote it (any characters, case kept), when it differs from `name`.' },
        rows: {
          description: 'A row count, or a count per row of a parent table.',
          oneOf: [
            { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
            { $ref: '#/definitions/perParent' },
          ],
        },
        primaryKey: {
          description: 'Name of the field that identifies a row, or the list of fields whose tuple does (a composite key).',
          anyOf: [identifier, { type: 'array', minItems: 1, maxItems: 32, items: identifier }],
        },
        unique: {
          type: 'array',
          description: 'Composite unique keys: each a list of two or more field names whose tuple is distinct.',
          maxItems: MAX_FIELDS,
          items: { type: 'array', minItems: 2, maxItems: 32, items: identifier },
        },
        fields: {
          type: 'array',
          minItems: 1,
          maxItems: MAX_FIELDS,
          items: { $ref: '#/definitions/field' },
        },
        checks: {
          type: 'array',
          description: 'CHECK constraints every row passes: each an expression tree over the fields ({col}, {lit}, {fn, args}), with the SQL text it was read from.',
          maxItems: CHECK_LIMITS.checksPerTable,
          items: { $ref: '#/definitions/check' },
        },
      },
    },
    check: {
      type: 'object',
      additionalProperties: false,
      required: ['text', 'expr'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200 },
        text: { type: 'string', maxLength: 4000, description: 'The CHECK as its source wrote it, for messages.' },
        line: { type: 'integer', minimum: 1, description: 'Line of the source it was declared on.' },
        // The tree is checked by validate/checks.ts, which bounds its depth before walking it.
        expr: { type: 'object', description: 'The expression: {col: name}, {lit: value}, or {fn, args: [...], type?}.' },
      },
    },
    perParent: {
      type: 'object',
      additionalProperties: false,
      required: ['perParent'],
      properties: {
        perParent: { ...identifier, description: 'The parent table.' },
        min: { type: 'integer', minimum: 0, maximum: ROW_SPEC_LIMITS.perParent },
        max: { type: 'integer', minimum: 0, maximum: ROW_SPEC_LIMITS.perParent },
        distribution: { enum: ['uniform', 'poisson', 'zipf'] },
        mean: { type: 'number', exclusiveMinimum: 0, maximum: ROW_SPEC_LIMITS.mean, description: 'Poisson mean.' },
        exponent: { type: 'number', exclusiveMinimum: 0, maximum: ROW_SPEC_LIMITS.exponent, description: 'Zipf exponent.' },
      },
    },
    field: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'generator'],
      properties: {
        key: stableKey('field'),
        name: identifier,
        sqlName: { ...sqlName, description: 'The column name as the source SQL wrote it, when it differs from `name`.' },
        generator: { type: 'string', minLength: 1, description: 'Generator id, such as `person.firstName` or `ref`.' },
        options: { type: 'object', description: "The generator's options; `{field}` in a string reads another field of the row." },
        nullRate: { type: 'number', minimum: 0, maximum: 1 },
        unique: { type: 'boolean' },
        sqlType: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_SQL_TYPE,
          description: "The column type the source declared, in the document's sqlDialect; written verbatim in that dialect's SQL.",
        },
        identity: {
          enum: ['always', 'default'],
          description: 'The database numbers this integer column from a sequence: GENERATED ALWAYS AS IDENTITY (always), or BY DEFAULT / serial (default). PostgreSQL SQL overrides it and moves the sequence past the values.',
        },
      },
    },
  },
} as const;
