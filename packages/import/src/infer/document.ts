/**
 * The schema model → a blueprint document (PRODUCT.md §10, with this round's
 * keys: composite `primaryKey`, table `unique`, `sqlType`, `sqlDialect`,
 * `enums`, `domains`), one decision per field and everything skipped.
 */
import { CEILING_FIELDS, CEILING_TABLES, distinctValues, MAX_FIELDS, MAX_TABLES, type BlueprintDocument, type CheckDef, type ExclusionDef, type FieldDef, type UniqueIndexDef } from '@seedbed/engine';
import { badInput } from '@seedbed/engine/errors';
import type { CheckRule, ColumnModel, SchemaModel, TableModel } from '../schema-model';
import type { ImportDecision, ImportResult, SkippedItem } from '../types';
import { applyPairRules, orderTimestamps, type BuiltField } from './bounds';
import { applyColumnRules } from './checks';
import { guessColumn, type ColumnGuess } from './column-guess';
import { caseInsensitiveUnique, typedColumnGuess } from './typed-columns';
import { isPersonal } from './personal';
import { checkNames } from './names';
import { linkNames, linkPlaces, linkPolymorphic } from './coherence';
import { addImpliedForeignKeys } from './implied-keys';
import { nameTokens } from './name-tokens';
import { planRelations, type TableRelations } from './relations';
import { documentChecks, refuseImpossibleChecks } from './table-checks';
import { capTotalRows } from './row-budget';
import type { ImportLimits } from '../sources';
import { documentUniqueIndexes, fitExclusionSpans, rangeGuess } from './unique-indexes';

/** NULLs in a nullable column when the source says nothing of its data. */
const DEFAULT_NULL_RATE = 0.1;
/** A nullable reference whose statistics show no NULL still gets some, so a cycle through it stays generable. */
const MIN_REF_NULL_RATE = 0.05;

/** A field as the importer writes it: the document's own shape, without a stable key (added when saved). */
export type FieldOut = Pick<FieldDef, 'name' | 'sqlName' | 'generator' | 'options' | 'nullRate' | 'unique' | 'sqlType' | 'identity'>;

/** Generators of whole numbers, which an identity column's values can be. */
const IDENTITY_GENERATORS = new Set(['sequence', 'number.int', 'ref']);

interface TableOut {
  checks?: CheckDef[];
  name: string;
  schema?: string;
  sqlName?: string;
  rows: number | { perParent: string; min: number; max: number };
  primaryKey?: string | string[];
  unique?: string[][];
  fields: FieldOut[];
  uniqueIndexes?: UniqueIndexDef[];
  exclusions?: ExclusionDef[];
}

export interface InferOptions {
  name?: string;
  /** Where a name error points (`input.text`, `input.url`). */
  path?: string;
  /** Tables, fields and plan rows where the blueprint will be used; unset: the defaults. */
  limits?: ImportLimits;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * A schema past the tables or fields a blueprint may hold is refused before
 * any inference, naming the limit and how it is raised: a blueprint that
 * could not be saved is no use to review.
 */
function refuseOverLimits(schema: SchemaModel, limits: ImportLimits, path: string): void {
  const maxTables = limits.maxTables ?? MAX_TABLES;
  const maxFields = limits.maxFields ?? MAX_FIELDS;
  if (schema.tables.length > maxTables) {
    throw badInput(path, `The schema has ${fmt(schema.tables.length)} tables; a blueprint holds at most ${fmt(maxTables)}: import a part of it, or raise the limit (SEEDBED_MAX_TABLES, up to ${fmt(CEILING_TABLES)}).`);
  }
  const wide = schema.tables.find((t) => t.columns.length > maxFields);
  if (wide) {
    throw badInput(path, `The table ${wide.name}${wide.where ? ` (${wide.where})` : ''} has ${fmt(wide.columns.length)} columns; a table holds at most ${fmt(maxFields)}: import it without some columns, or raise the limit (SEEDBED_MAX_FIELDS, up to ${fmt(CEILING_FIELDS)}).`);
  }
}

export function inferDocument(schema: SchemaModel, options: InferOptions = {}): ImportResult {
  const skipped: SkippedItem[] = [...schema.skipped];
  refuseOverLimits(schema, options.limits ?? {}, options.path ?? 'input.text');
  checkNames(schema, skipped, options.path);
  for (const table of schema.tables) refuseImpossibleChecks(table, options.path ?? 'input.text');
  addImpliedForeignKeys(schema);
  const relations = planRelations(schema, skipped, options.path);
  const report: ImportDecision[] = [];
  const tables: TableOut[] = schema.tables.map((table, t) => tableOf(table, t, relations.get(table.name)!, report, skipped));
  leaveToTriggers(schema, tables, report);
  leaveToMigrationTools(schema, tables, report);
  fitExclusionSpans(tables, report);
  linkPolymorphic(tables, report);
  capTotalRows(tables, report, { maxRows: options.limits?.planRows, budget: options.limits?.rowBudget });
  // `mpaa_rating[]` uses the enum as much as `mpaa_rating` does.
  // Named as SQL writes them (`"Person"."NameStyle"`), known by their key (`Person.NameStyle`): compared without quotes.
  const used = new Set(tables.flatMap((t) => t.fields.map((f) => f.sqlType?.toLowerCase().replace(/(\[\])+$/, '').replace(/"/g, ''))));
  const enums = Object.fromEntries(Object.entries(schema.enums).filter(([name]) => used.has(name.toLowerCase()) || usedByDomain(schema, name, used)));
  const domains = Object.fromEntries(
    Object.values(schema.domains)
      .filter((d) => used.has(d.name.toLowerCase()))
      .map((d) => [d.name, { type: d.baseType.sqlType, ...(d.checkText ? { check: d.checkText } : {}) }]),
  );
  const document = {
    seedbed: 1,
    name: (options.name ?? schema.name ?? 'imported').slice(0, 100) || 'imported',
    sqlDialect: schema.dialect,
    ...(Object.keys(enums).length ? { enums } : {}),
    ...(Object.keys(domains).length ? { domains } : {}),
    tables,
  } as unknown as BlueprintDocument;
  return { document, report, skipped: capped(skipped) };
}

/**
 * A table another table's INSERT trigger fills (Sakila's `ins_film` copies
 * each film into film_text) gets no rows of its own: the database makes them
 * as the other table's rows arrive, and rows written besides would collide.
 */
function leaveToTriggers(schema: SchemaModel, tables: TableOut[], report: ImportDecision[]): void {
  for (const fill of schema.triggerFills ?? []) {
    const t = tables.findIndex((table) => table.name.toLowerCase() === fill.table.toLowerCase());
    if (t < 0) continue;
    tables[t].rows = 0;
    const earlier = report.findIndex((d) => d.path === `tables[${t}].rows`);
    if (earlier >= 0) report.splice(earlier, 1);
    report.push({ path: `tables[${t}].rows`, table: tables[t].name, field: '', generator: 'rows', confidence: 1, reason: `0 rows: the trigger ${fill.trigger} on ${fill.on}${fill.where ? ` (${fill.where})` : ''} fills this table as ${fill.on}'s rows are inserted`, details: { rows: 0, trigger: fill.trigger } });
  }
}

/**
 * The bookkeeping tables of migration tools: their rows say which migrations
 * ran, so made-up rows would make the tool skip or re-run real ones. Left
 * empty (the tool fills them), unless another table points at one.
 */
const MIGRATION_TABLES: Record<string, string> = {
  schema_migrations: 'Rails (and other tools) record applied migrations',
  ar_internal_metadata: "Rails records the database's environment",
  knex_migrations: 'Knex records applied migrations',
  knex_migrations_lock: 'Knex locks migrations',
  _prisma_migrations: 'Prisma records applied migrations',
  __drizzle_migrations: 'Drizzle records applied migrations',
  flyway_schema_history: 'Flyway records applied migrations',
  django_migrations: 'Django records applied migrations',
  alembic_version: 'Alembic records the current revision',
  sequelizemeta: 'Sequelize records applied migrations',
  goose_db_version: 'goose records applied migrations',
  databasechangelog: 'Liquibase records applied changesets',
  databasechangeloglock: 'Liquibase locks changesets',
};

/** Laravel's log is named plainly (`migrations`): known by its columns too, so a table of that name holding something else is filled. */
function migrationLog(table: TableOut): string | undefined {
  const name = (table.sqlName ?? table.name).toLowerCase();
  if (MIGRATION_TABLES[name]) return MIGRATION_TABLES[name];
  const columns = new Set(table.fields.map((f) => f.name.toLowerCase()));
  if (name === 'migrations' && columns.has('migration') && columns.has('batch')) return "Laravel records applied migrations (a schema:dump carries its rows)";
  return undefined;
}

function leaveToMigrationTools(schema: SchemaModel, tables: TableOut[], report: ImportDecision[]): void {
  const referenced = new Set(schema.tables.flatMap((t) => t.foreignKeys.map((fk) => fk.table.toLowerCase())));
  tables.forEach((table, t) => {
    const why = migrationLog(table);
    if (!why || referenced.has(table.name.toLowerCase()) || typeof table.rows !== 'number') return;
    table.rows = 0;
    const earlier = report.findIndex((d) => d.path === `tables[${t}].rows`);
    if (earlier >= 0) report.splice(earlier, 1);
    report.push({ path: `tables[${t}].rows`, table: table.name, field: '', generator: 'rows', confidence: 0.9, reason: `0 rows: ${why} here, so made-up rows would misreport them (set rows to fill it anyway)`, details: { rows: 0 } });
  });
}

/** A schema full of noise should not make an answer of megabytes: the first items, then how many more. */
const MAX_SKIPPED = 500;

function capped(skipped: SkippedItem[]): SkippedItem[] {
  if (skipped.length <= MAX_SKIPPED) return skipped;
  return [...skipped.slice(0, MAX_SKIPPED), { kind: 'more', name: `${skipped.length - MAX_SKIPPED} more`, reason: `${skipped.length - MAX_SKIPPED} more items were skipped; the first ${MAX_SKIPPED} are listed.` }];
}

function usedByDomain(schema: SchemaModel, enumName: string, used: Set<string | undefined>): boolean {
  return Object.values(schema.domains).some((d) => used.has(d.name.toLowerCase()) && d.baseType.sqlType.toLowerCase().replace(/"/g, '') === enumName.toLowerCase());
}

function tableOf(table: TableModel, t: number, relations: TableRelations, report: ImportDecision[], skipped: SkippedItem[]): TableOut {
  const out: TableOut = { name: table.name, ...(table.schema ? { schema: table.schema } : {}), ...(table.sqlName ? { sqlName: table.sqlName } : {}), rows: relations.rows, fields: [] };
  const key = table.primaryKey ?? [];
  if (key.length === 1) out.primaryKey = key[0];
  else if (key.length > 1) out.primaryKey = [...key];
  const composite = table.uniques.filter((u) => u.length > 1 && !sameColumns(u, key));
  if (composite.length) out.unique = composite.map((u) => [...u]);
  const singleUniques = new Set(table.uniques.filter((u) => u.length === 1).map((u) => u[0]));
  const siblings = table.columns.map((c) => c.name);
  const pairRules = [...table.checks, ...table.columns.flatMap((c) => c.checks)].flatMap((c) => c.rules.filter((r) => r.kind === 'columns').map((rule) => ({ rule, text: c.text })));

  const decisions: BuiltField[] = [];
  for (const column of table.columns) {
    const path = `tables[${t}].fields[${out.fields.length}]`;
    const built = fieldOf(table, column, relations, key, singleUniques.has(column.name), siblings, skipped);
    if (!built) continue;
    out.fields.push(built.field);
    const decision: ImportDecision = { path, table: table.name, field: column.name, generator: built.field.generator, confidence: round(built.confidence), reason: built.reason, details: { sqlType: column.type.sqlType, nullable: !column.notNull } };
    report.push(decision);
    decisions.push({ field: built.field, decision, column });
  }
  applyPairRules(pairRules, decisions, table);
  orderTimestamps(decisions);
  const checks = documentChecks(table, t, out.fields.map((f) => f.name), report, skipped);
  if (checks.length) out.checks = checks;
  documentUniqueIndexes(table, t, out, report, skipped);
  linkNames(decisions);
  linkPlaces(decisions);
  if (relations.lookup) distinctNames(decisions, key);
  labelFromKey(decisions, key);
  const rowsReason = fitUniqueSpace(out, relations.rowsReason);
  if (rowsReason) report.push({ path: `tables[${t}].rows`, table: table.name, field: '', generator: 'rows', confidence: 0.5, reason: rowsReason, details: { rows: out.rows } });
  return out;
}

/**
 * A lookup keyed by its labels (`project_statuses.slug` = in_progress) shows
 * each as a person reads it in its `label` or `name`: In progress, not a
 * random noun beside it.
 */
function labelFromKey(decisions: BuiltField[], key: string[]): void {
  if (key.length !== 1 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key[0])) return;
  const keyField = decisions.find((d) => d.column.name === key[0]);
  if (!keyField || keyField.field.generator !== 'weighted' || !keyField.decision.reason.startsWith('the key of a lookup')) return;
  const label = decisions.find((d) => d !== keyField && d.column.type.kind === 'text' && !d.column.type.arrayOf && d.field.generator !== 'ref' && ['label', 'name', 'title', 'display name'].includes(nameTokens(d.column.name).join(' ')));
  if (!label) return;
  const k = key[0];
  label.field.generator = 'formula';
  label.field.options = { expr: `concat(upper(substr(${k}, 0, 1)), replace(substr(${k}, 1), '_', ' '))` };
  delete label.field.nullRate;
  label.decision.generator = 'formula';
  label.decision.reason = `${k} as a person reads it (in_progress → In progress)`;
}

/** A lookup's rows name different things: ten languages are ten languages, not English five times. */
function distinctNames(decisions: BuiltField[], key: string[]): void {
  const named = decisions.find((d) => d.column.type.kind === 'text' && !key.includes(d.column.name) && d.field.generator !== 'ref' && nameTokens(d.column.name).some((w) => ['name', 'label', 'title', 'description', 'abbr'].includes(w)));
  if (!named || named.field.unique || named.field.generator === 'constant') return;
  named.field.unique = true;
  delete named.field.nullRate;
  named.decision.reason += '; distinct in this lookup';
}

/** How many values a field can take when it is a short list (a unique enum, a CHECK's IN list, a flag, a locale list). */
function finiteSpace(field: FieldOut): number | undefined {
  if (field.generator === 'weighted') {
    const values = field.options?.values;
    return Array.isArray(values) ? values.length : values && typeof values === 'object' ? Object.keys(values).length : undefined;
  }
  if (field.generator === 'constant') return 1;
  if (field.generator === 'datatype.boolean') return 2;
  return distinctValues(field.generator, field.options);
}

/** A table counted by itself gets no more rows than a unique field of few values can tell apart: a lookup of 3 statuses has 3 rows. */
function fitUniqueSpace(table: TableOut, reason: string): string {
  if (typeof table.rows !== 'number') return fitChildKeys(table, reason);
  const keyFields = new Set([table.primaryKey].flat());
  const limits = table.fields.filter((f) => f.unique || (keyFields.size === 1 && keyFields.has(f.name))).map((f) => [f.name, finiteSpace(f)] as const);
  const tightest = limits.filter((l): l is readonly [string, number] => l[1] !== undefined).sort((a, b) => a[1] - b[1])[0];
  if (!tightest || tightest[1] >= table.rows) return reason;
  table.rows = Math.max(1, tightest[1]);
  return `${reason ? `${reason}; ` : ''}${table.rows} rows: ${tightest[0]} is unique and has ${tightest[1]} values`;
}

/**
 * A table sized per parent gets no more children per parent than its keys
 * can tell apart under one parent: with `UNIQUE (account_id, scope)` and 3
 * scopes, an account has at most 3 grants.
 */
function fitChildKeys(table: TableOut, reason: string): string {
  const rows = table.rows;
  if (typeof rows !== 'object' || !('perParent' in rows)) return reason;
  const parent = rows.perParent.toLowerCase();
  const isAnchor = (f: FieldOut) => f.generator === 'ref' && String(f.options?.table ?? '').toLowerCase() === parent;
  const keys = [...(Array.isArray(table.primaryKey) && table.primaryKey.length > 1 ? [table.primaryKey] : []), ...(table.unique ?? [])];
  let tightest: { names: string[]; size: number } | undefined;
  for (const names of keys) {
    const fields = names.map((n) => table.fields.find((f) => f.name === n));
    if (fields.some((f) => !f || f.unique) || !fields.some((f) => isAnchor(f!))) continue;
    let size = 1;
    for (const f of fields as FieldOut[]) if (!isAnchor(f)) size *= finiteSpace(f) ?? Infinity;
    if (size < (tightest?.size ?? Infinity)) tightest = { names, size };
  }
  if (!tightest || tightest.size >= rows.max) return reason;
  const max = Math.max(1, tightest.size);
  table.rows = { ...rows, min: Math.min(rows.min, max), max };
  return `${reason ? `${reason}; ` : ''}at most ${max} per ${rows.perParent} row: its key (${tightest.names.join(', ')}) has ${tightest.size} values for each`;
}

const sameColumns = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c));
const round = (x: number) => Math.round(x * 100) / 100;

interface Built {
  field: FieldOut;
  confidence: number;
  reason: string;
}

function fieldOf(table: TableModel, column: ColumnModel, relations: TableRelations, key: string[], unique: boolean, siblings: string[], skipped: SkippedItem[]): Built | undefined {
  const type = column.type;
  const inKey = key.includes(column.name);
  const ref = relations.refs.get(column.name);
  const base: FieldOut = { name: column.name, ...(column.sqlName ? { sqlName: column.sqlName } : {}), generator: '' };
  let guess: ColumnGuess;
  let typed: ReturnType<typeof typedColumnGuess>;
  if (relations.alwaysNull.has(column.name)) {
    guess = { generator: 'constant', options: { value: null }, confidence: 0.5, reason: relations.alwaysNull.get(column.name)! };
    base.nullRate = 1;
  } else if (ref) {
    guess = { generator: 'ref', options: { table: ref.table, ...(ref.field ? { field: ref.field } : {}), ...(ref.via ? { via: ref.via } : {}), ...(ref.match ? { match: ref.match } : {}), ...(ref.deferrable ? { deferrable: true } : {}) }, confidence: 1, reason: ref.reason };
  } else if (type.kind === 'unknown') {
    skipped.push({ kind: 'column', name: `${table.name}.${column.name}`, reason: `its type ${type.sqlType} has no generator; ${column.notNull && !column.defaultText ? 'it is NOT NULL without a default, so loading will need a value for it' : 'the database fills it with its default or NULL'}.` });
    return undefined;
  } else if (type.arrayOf) {
    const element = arrayElement(table, column, type.arrayOf, siblings);
    if (!element) {
      skipped.push({ kind: 'column', name: `${table.name}.${column.name}`, reason: `the elements of ${type.sqlType} have no generator; ${column.notNull ? 'it is NOT NULL, so loading will need a value for it' : 'the column stays NULL'}.` });
      return undefined;
    }
    guess = { generator: 'array', options: { element: element.generator, ...(element.options ? { elementOptions: element.options } : {}), min: column.notNull ? 1 : 0, max: 3 }, confidence: element.confidence, reason: `an array (${type.sqlType}) of ${element.reason}` };
  } else if (type.kind === 'tsvector') {
    guess = tsvectorOf(table, column, siblings);
  } else if (type.kind === 'range') {
    guess = rangeGuess(type);
  } else if ((typed = typedColumnGuess(type, column.name))) {
    if ('skip' in typed) {
      skipped.push({ kind: 'column', name: `${table.name}.${column.name}`, reason: `${typed.skip}; ${column.notNull && !column.defaultText ? 'it is NOT NULL without a default, so loading will need a value for it' : 'the database fills it with its default or NULL'}.` });
      return undefined;
    }
    guess = typed;
  } else if (inKey && key.length === 1 && (type.kind === 'integer' || (type.kind === 'decimal' && !type.scale))) {
    guess = { generator: 'sequence', options: { start: 1 }, confidence: 1, reason: `the primary key${column.generated ? ' (an identity column: the values are given explicitly)' : ''}` };
  } else if (column.identity && type.kind === 'integer') {
    guess = { generator: 'sequence', options: { start: 1 }, confidence: 0.9, reason: 'an identity column: numbered as its sequence would, the values given explicitly' };
  } else if (inKey && key.length === 1 && type.kind === 'uuid') {
    guess = { generator: 'uuid', confidence: 1, reason: 'the primary key' };
  } else if (type.kind === 'enum' && type.enumValues?.length) {
    guess = { generator: 'weighted', options: { values: Object.fromEntries(type.enumValues.map((v) => [v, 1])) }, confidence: 0.95, reason: type.typeName ? `one of the enum ${type.typeName}'s labels` : `one of its ${type.enumValues.length} enum labels` };
  } else {
    guess = guessColumn({ table: table.name, name: column.name, kind: type.kind, maxLength: type.maxLength, fixedLength: type.fixedLength, bits: type.bits, unsigned: type.unsigned, precision: type.precision, scale: type.scale, unique: unique || inKey, primaryKey: inKey && key.length === 1, siblings, tables: relations.keyedTables });
  }
  const rules = column.checks.flatMap((c) => c.rules).filter((r): r is Exclude<CheckRule, { kind: 'columns' } | { kind: 'other' }> => r.kind !== 'columns' && r.kind !== 'other');
  const tableRules = table.checks.flatMap((c) => c.rules).filter((r) => 'column' in r && r.column === column.name) as typeof rules;
  if (!ref && guess.generator !== 'sequence') {
    // What options cannot say (an unusual comparison, a pattern on a number) is held by the CHECK on every row.
    guess = applyColumnRules(guess, type.kind, [...rules, ...tableRules], type.scale, type.maxLength).guess;
  }
  if ((unique || inKey) && !ref) guess = caseInsensitiveUnique(guess, type);
  const field: FieldOut = { ...base, generator: guess.generator };
  if (guess.options) field.options = guess.options;
  const stats = statsOf(column, type.kind, guess, table);
  if (stats.guess) guess = stats.guess;
  if (stats.guess?.options) field.options = stats.guess.options;
  if (stats.guess) field.generator = stats.guess.generator;
  // A tenant other tables find rows by is never NULL (a row of no tenant would be found by none).
  if (field.nullRate === undefined && !column.notNull && !inKey && !unique && !ref?.tenant && !ref?.readByRequired && !ref?.via) field.nullRate = stats.nullRate ?? nullRateOf(column);
  // A nullable reference may close a cycle (or point at its own table): the engine orders tables by the references that are never NULL.
  if (ref && !column.notNull && !inKey && !unique && !field.nullRate && !ref.tenant && !ref.readByRequired && !ref.via) field.nullRate = MIN_REF_NULL_RATE;
  if (field.nullRate === 0) delete field.nullRate;
  if (unique && !inKey) field.unique = true;
  // SQLite lets a column have no type at all (`value NOT NULL`): the field then declares none.
  if (type.sqlType.trim()) field.sqlType = type.sqlType;
  // SQL output then overrides a GENERATED ALWAYS column and moves the sequence past the ids it wrote.
  if (column.identity && type.kind === 'integer' && IDENTITY_GENERATORS.has(field.generator) && !field.nullRate) field.identity = column.identity;
  return { field, confidence: guess.confidence, reason: guess.reason };
}

/** Generators an array's items cannot use: they read the row or make lists themselves. */
const NOT_ELEMENTS = new Set(['ref', 'formula', 'template', 'array', 'tsvector', 'sequence']);

function arrayElement(table: TableModel, column: ColumnModel, element: ColumnModel['type'], siblings: string[]): ColumnGuess | undefined {
  if (element.kind === 'unknown') return undefined;
  if (element.kind === 'enum' && element.enumValues?.length) {
    return { generator: 'weighted', options: { values: Object.fromEntries(element.enumValues.map((v) => [v, 1])) }, confidence: 0.9, reason: `${element.typeName ?? 'enum'} labels` };
  }
  const typed = typedColumnGuess(element, column.name);
  if (typed) return 'skip' in typed ? undefined : typed;
  const guess = guessColumn({ table: table.name, name: column.name, kind: element.kind, maxLength: element.maxLength, bits: element.bits, precision: element.precision, scale: element.scale, siblings });
  if (NOT_ELEMENTS.has(guess.generator)) return { generator: 'lorem.word', confidence: 0.3, reason: 'words' };
  return guess;
}

/** A tsvector holds the words of the row's text: its NOT NULL text columns, else words. */
function tsvectorOf(table: TableModel, column: ColumnModel, siblings: string[]): ColumnGuess {
  void siblings;
  const texts = table.columns.filter((c) => c !== column && c.type.kind === 'text' && !c.type.arrayOf && c.notNull).slice(0, 3);
  if (texts.length === 0) return { generator: 'lorem.words', options: { count: 5 }, confidence: 0.4, reason: 'a tsvector: words, which PostgreSQL reads as lexemes' };
  return { generator: 'tsvector', options: { source: texts.map((c) => `{${c.name}}`).join(' ') }, confidence: 0.7, reason: `a tsvector of the row's ${texts.map((c) => c.name).join(', ')}` };
}

function nullRateOf(column: ColumnModel): number {
  const words = nameTokens(column.name);
  return words.some((w) => ['deleted', 'archived', 'cancelled', 'canceled', 'ended', 'closed', 'returned'].includes(w)) ? 0.5 : DEFAULT_NULL_RATE;
}

/** pg_stats, where a live database gave them: the share of NULLs, and the spread of low-cardinality columns that hold no personal data. */
function statsOf(column: ColumnModel, kind: string, guess: ColumnGuess, table: TableModel): { nullRate?: number; guess?: ColumnGuess } {
  const stats = column.stats;
  if (!stats) return {};
  const nullRate = stats.nullFraction !== undefined ? round(Math.min(1, Math.max(0, stats.nullFraction))) : undefined;
  const common = stats.common;
  if (!common || isPersonal(table.name, column.name) || guess.generator === 'ref' || guess.generator === 'sequence') return { nullRate };
  const covered = common.frequencies.reduce((a, b) => a + b, 0) + (stats.nullFraction ?? 0);
  if (covered < 0.95 || !['text', 'enum', 'integer', 'boolean'].includes(kind)) return { nullRate };
  const values = common.values.map((value, i) => ({ value: kind === 'integer' ? Number(value) : kind === 'boolean' ? value === 't' || value === 'true' : value, weight: round(common.frequencies[i] * 1000) || 1 }));
  return { nullRate, guess: { generator: 'weighted', options: { values }, confidence: 0.95, reason: `the ${values.length} values the database's statistics show, in their proportions` } };
}
