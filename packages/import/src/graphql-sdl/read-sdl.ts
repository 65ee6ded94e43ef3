/**
 * GRAPHQL_SDL import (PRODUCT.md §12, §13): object types become tables,
 * scalars and enums columns (generators chosen by type and name, enums and
 * values a description lists `weighted`), an object field a reference (the
 * scalar beside it that holds its key — `authorId` of `userByAuthorId`,
 * `author_id` of `author` — is that reference's column), a list of objects
 * the children of a table that points back (sized per parent) or else a
 * junction table. Keys are typed as the SDL declares them: `ID`/`Int` keys
 * are sequences from 1 (the 1, 2, 3 apps write), `UUID` scalars uuids, and a
 * Relay `Node` type's id a global id over its key. Page wrappers, edges,
 * aggregates and payloads are recognised, not tables. Arguments and
 * mutations are bound by convention; the document keeps the SDL and the
 * whole mapping (its `graphql` key), so the blueprint's mock serves exactly
 * that schema and a user can rebind what the convention got wrong; the
 * report says how every root field will be answered.
 */
import { buildSchema, getNamedType, isEnumType, isInterfaceType, isNonNullType, isObjectType, type GraphQLField, type GraphQLNamedType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { BlueprintDocument, FieldDef, GraphqlFieldMapping, TableDef } from '@seedbed/engine';
import { badInput } from '@seedbed/engine/errors';
import { describeMock } from '@seedbed/mock';
import { plural, singular } from '@seedbed/mock';
import { resolveMapping } from '@seedbed/mock';
import { bindByConvention } from '@seedbed/mock';
import { classify, shapeOf, type FieldShape } from '@seedbed/mock';
import type { SdlMapping, SdlTypeMapping } from '@seedbed/mock';
import { guessColumn } from '../infer/column-guess';
import { linkNames } from '../infer/coherence';
import type { ValueKind } from '../schema-model';
import type { SourceOptions } from '../sources';
import type { ImportDecision, ImportResult, SkippedItem } from '../types';

const TOP_ROWS = 100;
const MAX_TABLES = 100;
const CHILDREN = { min: 0, max: 5 };
const LINKS = { min: 0, max: 3 };

export function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').toLowerCase().slice(0, 63);
}

function tableName(type: string): string {
  const words = snake(type).split('_');
  // `users` (Hasura names types after tables) stays `users`.
  words[words.length - 1] = plural(words[words.length - 1].replace(/s$/, '')) === words[words.length - 1] ? words[words.length - 1] : plural(words[words.length - 1]);
  return words.join('_').slice(0, 63);
}

const SCALAR_KINDS: Record<string, ValueKind> = { Int: 'integer', Float: 'float', Boolean: 'boolean', String: 'text', ID: 'text' };

function kindOf(type: GraphQLNamedType): ValueKind {
  if (SCALAR_KINDS[type.name]) return SCALAR_KINDS[type.name];
  if (/^(Date)$/i.test(type.name)) return 'date';
  if (/date|time/i.test(type.name)) return 'timestamp';
  if (/json/i.test(type.name)) return 'json';
  if (/uuid/i.test(type.name)) return 'uuid';
  if (/^(BigInt|Long|bigint|int\d*|smallint|numeric)$/i.test(type.name)) return 'integer';
  if (/^(float\d*|numeric|decimal|money)$/i.test(type.name)) return 'float';
  return 'text';
}

/** How an SDL's key scalar is generated: the small numbers apps write for `ID`s and integers, uuids for `UUID` (and text ids). */
function keyGenerator(type: GraphQLNamedType | undefined): 'sequence' | 'uuid' {
  if (!type) return 'sequence';
  if (/uuid/i.test(type.name) || type.name === 'String') return 'uuid';
  return 'sequence';
}

/** The id field a Relay `Node` interface gives a type (`id`, or PostGraphile's `nodeId`). */
function nodeIdField(type: GraphQLObjectType): GraphQLField<unknown, unknown> | undefined {
  const node = type.getInterfaces().find((i) => i.name === 'Node');
  const [field] = node ? Object.values(node.getFields()) : [];
  return field && getNamedType(field.type).name === 'ID' ? type.getFields()[field.name] : undefined;
}

interface Draft {
  type: GraphQLObjectType;
  table: TableDef;
  mapping: SdlTypeMapping;
  many: [string, Extract<FieldShape, { kind: 'many' }>][];
  aggregates: [string, string][];
}

export async function readGraphqlSdl(text: string, options: SourceOptions): Promise<ImportResult> {
  let schema: GraphQLSchema;
  try {
    schema = buildSchema(text);
  } catch (error) {
    throw badInput('input.text', `not a GraphQL schema: ${error instanceof Error ? error.message : String(error)}`);
  }
  const kinds = classify(schema);
  const skipped: SkippedItem[] = [];
  const report: ImportDecision[] = [];
  const entities = kinds.entities.slice(0, MAX_TABLES);
  for (const extra of kinds.entities.slice(MAX_TABLES)) skipped.push({ kind: 'type', name: extra.name, reason: `a blueprint has at most ${MAX_TABLES} tables` });
  const names = new Set(entities.map((t) => t.name));
  const drafts = new Map<string, Draft>();
  const usedTables = new Set<string>();
  for (const type of entities) {
    let table = tableName(type.name);
    while (usedTables.has(table)) table = `${table}_`.slice(0, 63);
    usedTables.add(table);
    drafts.set(type.name, { type, table: { name: table, rows: TOP_ROWS, primaryKey: 'id', fields: [] }, mapping: { table, key: 'id', fields: {} }, many: [], aggregates: [] });
  }

  for (const draft of drafts.values()) {
    const { type, table, mapping } = draft;
    const fields = type.getFields();
    const reported = report.length;
    const columns = new Set(['id']);
    const column = (wanted: string) => {
      let name = snake(wanted) || 'field';
      while (columns.has(name)) name = `${name}_`.slice(0, 63);
      columns.add(name);
      return name;
    };
    const global = nodeIdField(type);
    const lower = type.name.toLowerCase();
    const rawKey = Object.values(fields).find((f) => f !== global && ['id', `${lower}id`, `${lower}_id`].includes(f.name.toLowerCase()) && shapeOf(f.type, schema, kinds, names).kind === 'value');
    table.fields.push({ name: 'id', generator: keyGenerator(rawKey ? getNamedType(rawKey.type) : undefined) });
    if (global) mapping.fields[global.name] = { column: 'id', globalId: global.name === 'nodeId' ? 'postgraphile' : 'relay' };
    if (rawKey) mapping.fields[rawKey.name] = { column: 'id' };
    // References first, so the scalar holding one's key becomes its column rather than a column of its own.
    const refColumns = new Map<string, string>();
    for (const field of Object.values(fields)) {
      const shape = shapeOf(field.type, schema, kinds, names);
      if (shape.kind !== 'object' || mapping.fields[field.name]) continue;
      const found = keyPartner(field, fields);
      const partner = found && !mapping.fields[found.name] ? found : undefined;
      const name = column(partner ? partner.name : `${snake(field.name)}_id`);
      const target = drafts.get(shape.target)!;
      table.fields.push({ name, generator: 'ref', options: { table: target.table.name }, ...(isNonNullType(field.type) || (partner && isNonNullType(partner.type)) ? {} : { nullRate: 0.1 }) });
      mapping.fields[field.name] = { ref: name, table: target.table.name };
      if (partner) {
        mapping.fields[partner.name] = { column: name };
        refColumns.set(partner.name, name);
      }
    }
    for (const field of Object.values(fields)) {
      if (mapping.fields[field.name]) continue;
      const shape = shapeOf(field.type, schema, kinds, names);
      const path = `${type.name}.${field.name}`;
      if (shape.kind === 'other' || (shape.kind === 'value' && shape.list)) {
        skipped.push({ kind: 'field', name: path, reason: shape.kind === 'other' ? `${shape.reason}: the mock answers null` : 'a list of values: the mock answers an empty list' });
      } else if (shape.kind === 'value') {
        const name = column(field.name);
        const def = valueField(name, shape.type, type.name, Object.keys(fields), isNonNullType(field.type), field.description ?? undefined);
        table.fields.push(def.field);
        report.push({ path: `tables[${[...drafts.keys()].indexOf(type.name)}].fields[${table.fields.length - 1}]`, table: table.name, field: name, generator: def.field.generator, confidence: def.confidence, reason: def.reason });
        mapping.fields[field.name] = { column: name };
      } else if (shape.kind === 'many') {
        draft.many.push([field.name, shape]);
      } else if (shape.kind === 'aggregate') {
        draft.aggregates.push([field.name, shape.target]);
      }
    }
    // A person's email and user name are made from the row's own names, as after a DDL import.
    // This table's decisions are the report's last entries (a search of the whole report per field would be quadratic in the schema).
    const decisions = new Map(report.slice(reported).map((d) => [d.field, d]));
    linkNames(table.fields.flatMap((f) => {
      const decision = decisions.get(f.name);
      return decision ? [{ field: f, column: { name: f.name }, decision }] : [];
    }));
  }

  // Children first: which tables are sized per parent decides which way a junction may hang.
  const links: [Draft, string, Extract<FieldShape, { kind: 'many' }>][] = [];
  for (const draft of drafts.values()) {
    for (const target of new Set(draft.many.map(([, shape]) => drafts.get(shape.target)!))) {
      const lists = draft.many.filter(([, shape]) => shape.target === target.type.name);
      const mirrors = target === draft ? 0 : target.many.filter(([, shape]) => shape.target === draft.type.name).length;
      // Refs of the target pointing back here (Order.user for User.orders), each the other side of one list.
      const backs = target === draft ? [] : Object.entries(target.mapping.fields).filter(([, m]) => 'ref' in m && m.table === draft.table.name);
      for (const [backName, back] of backs) {
        // Lists mirrored by the target's own lists are many-to-many; the rest pair with refs, by the closest name (directed ↔ director).
        if (lists.length <= mirrors) break;
        const [fieldName, shape] = lists.splice(closest(lists.map(([name]) => name), backName), 1)[0];
        const via = (back as { ref: string }).ref;
        if (typeof target.table.rows === 'number' && !isAncestor(target, draft, drafts)) {
          target.table.rows = { perParent: draft.table.name, ...CHILDREN };
          // A child always has its parent.
          delete target.table.fields.find((f) => f.name === via)!.nullRate;
        }
        draft.mapping.fields[fieldName] = { children: target.table.name, via, connection: shape.connection };
      }
      for (const [fieldName, shape] of lists) links.push([draft, fieldName, shape]);
    }
    // Aggregates of children (Hasura's `posts_aggregate`): over the rows whose ref points back here.
    for (const [fieldName, targetName] of draft.aggregates) {
      const target = drafts.get(targetName)!;
      const backs = Object.entries(target.mapping.fields).filter(([, m]) => 'ref' in m && m.table === draft.table.name);
      if (!backs.length) {
        skipped.push({ kind: 'field', name: `${draft.type.name}.${fieldName}`, reason: `no reference of ${targetName} points back: the mock answers null` });
        continue;
      }
      const [, back] = backs[closest(backs.map(([n]) => n), fieldName)];
      draft.mapping.fields[fieldName] = { aggregate: target.table.name, via: (back as { ref: string }).ref };
    }
  }
  // A list of a type nothing else in the schema names (Order.lines of OrderLine): the type's rows are that
  // row's children, through a key column of their own, as an ORM stores them; not a many-to-many junction.
  const mentions = new Map<string, number>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const shape = shapeOf(field.type, schema, kinds, names);
      if (shape.kind === 'object' || shape.kind === 'many' || shape.kind === 'aggregate') mentions.set(shape.target, (mentions.get(shape.target) ?? 0) + 1);
    }
  }
  for (let i = links.length - 1; i >= 0; i--) {
    const [draft, fieldName, shape] = links[i];
    const target = drafts.get(shape.target)!;
    if (target === draft || mentions.get(target.type.name) !== 1 || typeof target.table.rows !== 'number' || isAncestor(target, draft, drafts)) continue;
    let via = `${snake(draft.type.name)}_id`.slice(0, 63);
    while (target.table.fields.some((f) => f.name === via)) via = `${via}_`.slice(0, 63);
    target.table.fields.push({ name: via, generator: 'ref', options: { table: draft.table.name } });
    target.table.rows = { perParent: draft.table.name, ...CHILDREN };
    draft.mapping.fields[fieldName] = { children: target.table.name, via, connection: shape.connection };
    links.splice(i, 1);
  }

  // Many-to-many: one junction table per pair of list fields that mirror each other (Film.actors / Actor.films).
  const junctions: { def: TableDef; ends: [string, string] }[] = [];
  for (const [draft, fieldName, shape] of links) {
    const target = drafts.get(shape.target)!;
    const mirror = target !== draft && junctions.find((j) => j.ends[0] === target.table.name && j.ends[1] === draft.table.name);
    if (mirror) {
      mirror.ends = ['', ''];
      const [toTarget, toDraft] = (mirror.def.fields[0].options as { table: string }).table === target.table.name ? mirror.def.fields : [mirror.def.fields[1], mirror.def.fields[0]];
      draft.mapping.fields[fieldName] = { junction: mirror.def.name, from: toDraft.name, to: toTarget.name, table: target.table.name, connection: shape.connection };
      continue;
    }
    const from = `${snake(draft.type.name)}_id`.slice(0, 63);
    let to = `${snake(target.type.name)}_id`.slice(0, 63);
    if (to === from) to = `${snake(fieldName)}_id`.slice(0, 63);
    let name = `${snake(draft.type.name)}_${plural(singular(snake(fieldName.replace(/Connection$/, '') || fieldName)))}`.slice(0, 63);
    while (usedTables.has(name)) name = `${name}_`.slice(0, 63);
    usedTables.add(name);
    const fromField: FieldDef = { name: from, generator: 'ref', options: { table: draft.table.name } };
    const toField: FieldDef = { name: to, generator: 'ref', options: { table: target.table.name } };
    // Hung under the side that is not an ancestor of the other: a ref to an ancestor would always name the same row.
    const underTarget = isAncestor(target, draft, drafts);
    const def = {
      name,
      rows: { perParent: underTarget ? target.table.name : draft.table.name, ...LINKS },
      primaryKey: [from, to],
      fields: underTarget ? [toField, fromField] : [fromField, toField],
    } as TableDef;
    junctions.push({ def, ends: [draft.table.name, target.table.name] });
    draft.mapping.fields[fieldName] = { junction: name, from, to, table: target.table.name, connection: shape.connection };
  }
  const tables = [...[...drafts.values()].map((d) => d.table), ...junctions.map((j) => j.def)];
  breakReferenceCycles(tables);
  if (tables.length > MAX_TABLES) throw badInput('input.text', `the schema makes ${tables.length} tables (with the many-to-many links); a blueprint has at most ${MAX_TABLES}`);

  // Arguments, mutations and wrappers bound by convention, written out whole so the user sees and can change each binding.
  const types = Object.fromEntries([...drafts].map(([name, draft]) => [name, draft.mapping]));
  const convention = bindByConvention(schema, types, kinds);
  for (const [typeName, fields] of Object.entries(convention.fieldArgs)) {
    for (const [fieldName, bound] of Object.entries(fields)) {
      const field = types[typeName].fields[fieldName] as GraphqlFieldMapping & { args?: unknown };
      if (Object.keys(bound.args).length) field.args = bound.args;
    }
  }
  const mapping: SdlMapping = {
    types,
    connections: Object.fromEntries([...kinds.wrappers].filter(([, kind]) => kind === 'page').map(([name]) => [name, kinds.nodes.get(name)!])),
    roots: convention.roots,
    ...(Object.keys(convention.subscriptions).length ? { subscriptions: convention.subscriptions } : {}),
    mutations: convention.mutations,
    wrappers: convention.wrappers,
  };
  const answers = describeMock(schema, resolveMapping(schema, mapping, kinds));
  for (const answer of answers) if (answer.kind === 'UNMAPPED') skipped.push({ kind: 'field', name: answer.field, reason: `${answer.answer}` });
  const document = { seedbed: 1, name: options.name ?? 'graphql', seed: 1, tables, graphql: { sdl: text, mapping } } as BlueprintDocument;
  return { document, report, skipped, mockAnswers: answers };
}

/** The scalar that holds an object field's key: `authorId`/`author_id` beside `author`, `authorId` beside PostGraphile's `userByAuthorId`. */
function keyPartner(field: GraphQLField<unknown, unknown>, fields: Record<string, GraphQLField<unknown, unknown>>): GraphQLField<unknown, unknown> | undefined {
  const candidates = [`${field.name}Id`, `${field.name}ID`, `${field.name}_id`];
  const by = /By([A-Z]\w*)$/.exec(field.name);
  if (by) candidates.push(by[1][0].toLowerCase() + by[1].slice(1), snake(by[1]));
  for (const name of candidates) {
    const partner = fields[name];
    if (partner === field) continue;
    const named = partner && getNamedType(partner.type);
    if (named && !isInterfaceType(named) && (named.name === 'ID' || named.name === 'Int' || /uuid|bigint|string/i.test(named.name)) && !('getFields' in named)) return partner;
  }
  return undefined;
}

/** `('Alive', 'Dead' or 'unknown')` in a field's description: the values it takes. */
function listedValues(description: string | undefined): string[] | undefined {
  if (!description || !/\bor\b|\bone of\b|,/i.test(description)) return undefined;
  const values = [...description.matchAll(/['"‘“]([^'"’”\n]{1,40})['"’”]/g)].map((m) => m[1]);
  return values.length >= 2 && values.length <= 20 && new Set(values).size === values.length ? values : undefined;
}

function valueField(name: string, type: GraphQLNamedType, table: string, siblings: string[], required: boolean, description?: string): { field: FieldDef; confidence: number; reason: string } {
  const nulls = required ? {} : { nullRate: 0.1 };
  if (isEnumType(type)) {
    const values = Object.fromEntries(type.getValues().map((v) => [v.name, 1]));
    return { field: { name, generator: 'weighted', options: { values }, ...nulls }, confidence: 0.9, reason: `one of the enum ${type.name}'s values` };
  }
  const listed = type.name === 'String' ? listedValues(description) : undefined;
  if (listed) return { field: { name, generator: 'weighted', options: { values: Object.fromEntries(listed.map((v) => [v, 1])) }, ...nulls }, confidence: 0.8, reason: `one of the values its description lists (${listed.join(', ')})` };
  const guess = guessColumn({ table, name, kind: kindOf(type), siblings: siblings.map(snake) });
  return { field: { name, generator: guess.generator, ...(guess.options ? { options: guess.options } : {}), ...nulls }, confidence: guess.confidence, reason: guess.reason };
}

/** Index of the name sharing the longest prefix with `name` (the last on a tie). */
function closest(names: string[], name: string): number {
  const shared = (a: string, b: string) => {
    let n = 0;
    while (n < a.length && n < b.length && a[n].toLowerCase() === b[n].toLowerCase()) n++;
    return n;
  };
  let best = names.length - 1;
  names.forEach((candidate, i) => {
    if (shared(candidate, name) > shared(names[best], name)) best = i;
  });
  return best;
}

/** Whether `ancestor` is `of` or one of its parents by per-parent sizing. */
function isAncestor(ancestor: Draft, of: Draft, drafts: Map<string, Draft>): boolean {
  const byTable = new Map([...drafts.values()].map((d) => [d.table.name, d]));
  for (let at: Draft | undefined = of; at; ) {
    if (at === ancestor) return true;
    const rows: TableDef['rows'] = at.table.rows;
    at = typeof rows === 'object' ? byTable.get(rows.perParent) : undefined;
  }
  return false;
}

/** References that would close a cycle of required references become nullable (the engine needs an order to make tables in). */
function breakReferenceCycles(tables: TableDef[]) {
  const edges = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set()]));
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    if (from === to) return true;
    if (seen.has(from)) return false;
    seen.add(from);
    return [...(edges.get(from) ?? [])].some((next) => reaches(next, to, seen));
  };
  const refs = tables.flatMap((t) => t.fields.filter((f) => f.generator === 'ref').map((f) => ({ table: t, field: f, target: (f.options as { table: string }).table })));
  // The per-parent links first: they shape the layout and never loop.
  refs.sort((a, b) => Number(isOwner(b)) - Number(isOwner(a)));
  for (const ref of refs) {
    if (ref.field.nullRate || !reaches(ref.target, ref.table.name)) {
      if (!ref.field.nullRate) edges.get(ref.table.name)!.add(ref.target);
      continue;
    }
    ref.field.nullRate = 0.2;
  }
}

function isOwner(ref: { table: TableDef; target: string }): boolean {
  return typeof ref.table.rows === 'object' && ref.table.rows.perParent === ref.target;
}
