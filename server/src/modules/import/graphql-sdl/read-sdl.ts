/**
 * GRAPHQL_SDL import (PRODUCT.md §12, §13): object types become tables,
 * scalars and enums columns (generators chosen by type and name, enums
 * `weighted`), an object field a reference, a list of objects the children
 * of a table that points back (sized per parent) or else a junction table.
 * Relay wrappers and root types are recognised, not tables. The document
 * keeps the SDL and the mapping (its `graphql` key), so the blueprint's mock
 * serves exactly that schema.
 */
import { buildSchema, isEnumType, type GraphQLNamedType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { BlueprintDocument, FieldDef, TableDef } from '../../../engine';
import { badInput } from '../../../errors';
import type { SdlMapping, SdlTypeMapping } from '../../mock/sdl-mapping';
import { plural } from '../../mock/naming';
import { guessColumn } from '../infer/column-guess';
import type { ValueKind } from '../schema-model';
import type { SourceOptions } from '../sources';
import type { ImportDecision, ImportResult, SkippedItem } from '../types';
import { classify, shapeOf, type FieldShape } from './sdl-types';

const TOP_ROWS = 100;
const MAX_TABLES = 100;
const CHILDREN = { min: 0, max: 5 };
const LINKS = { min: 0, max: 3 };

export function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').toLowerCase().slice(0, 63);
}

function tableName(type: string): string {
  const words = snake(type).split('_');
  words[words.length - 1] = plural(words[words.length - 1]);
  return words.join('_').slice(0, 63);
}

const SCALAR_KINDS: Record<string, ValueKind> = { Int: 'integer', Float: 'float', Boolean: 'boolean', String: 'text', ID: 'text' };

function kindOf(type: GraphQLNamedType): ValueKind {
  if (SCALAR_KINDS[type.name]) return SCALAR_KINDS[type.name];
  if (/^(Date)$/i.test(type.name)) return 'date';
  if (/date|time/i.test(type.name)) return 'timestamp';
  if (/json/i.test(type.name)) return 'json';
  if (/uuid/i.test(type.name)) return 'uuid';
  if (/^(BigInt|Long)$/i.test(type.name)) return 'integer';
  return 'text';
}

interface Draft {
  type: GraphQLObjectType;
  table: TableDef;
  mapping: SdlTypeMapping;
  many: [string, Extract<FieldShape, { kind: 'many' }>][];
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
    drafts.set(type.name, { type, table: { name: table, rows: TOP_ROWS, primaryKey: 'id', fields: [] }, mapping: { table, key: 'id', fields: {} }, many: [] });
  }

  for (const draft of drafts.values()) {
    const { type, table, mapping } = draft;
    const fields = type.getFields();
    const idField = fields.id ?? Object.values(fields).find((f) => f.name.toLowerCase() === `${type.name.toLowerCase()}id`);
    const idShape = idField && shapeOf(idField.type, schema, kinds, names);
    const keyIsInt = idShape?.kind === 'value' && !idShape.list && ['Int', 'BigInt', 'Long'].includes(idShape.type.name);
    table.fields.push({ name: 'id', generator: keyIsInt ? 'sequence' : 'uuid' });
    if (idField && idShape?.kind === 'value' && !idShape.list) mapping.fields[idField.name] = { column: 'id' };
    const columns = new Set(['id']);
    const column = (wanted: string) => {
      let name = snake(wanted) || 'field';
      while (columns.has(name)) name = `${name}_`.slice(0, 63);
      columns.add(name);
      return name;
    };
    for (const field of Object.values(fields)) {
      if (mapping.fields[field.name]) continue;
      const shape = shapeOf(field.type, schema, kinds, names);
      const path = `${type.name}.${field.name}`;
      if (shape.kind === 'other' || (shape.kind === 'value' && shape.list)) {
        skipped.push({ kind: 'field', name: path, reason: shape.kind === 'other' ? `${shape.reason}: the mock answers null` : 'a list of values: the mock answers an empty list' });
      } else if (shape.kind === 'value') {
        const name = column(field.name);
        const def = valueField(name, shape.type, type.name, Object.keys(fields), field.type.toString().endsWith('!'));
        table.fields.push(def.field);
        report.push({ path: `tables[${[...drafts.keys()].indexOf(type.name)}].fields[${table.fields.length - 1}]`, table: table.name, field: name, generator: def.field.generator, confidence: def.confidence, reason: def.reason });
        mapping.fields[field.name] = { column: name };
      } else if (shape.kind === 'object') {
        const name = column(`${snake(field.name)}_id`);
        const target = drafts.get(shape.target)!;
        table.fields.push({ name, generator: 'ref', options: { table: target.table.name }, ...(field.type.toString().endsWith('!') ? {} : { nullRate: 0.1 }) });
        mapping.fields[field.name] = { ref: name, table: target.table.name };
      } else {
        draft.many.push([field.name, shape]);
      }
    }
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
    let name = `${snake(draft.type.name)}_${plural(snake(fieldName.replace(/Connection$/, '') || fieldName))}`.slice(0, 63);
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

  const mapping: SdlMapping = { types: {}, connections: Object.fromEntries(kinds.connections), roots: {} };
  for (const [name, draft] of drafts) mapping.types[name] = draft.mapping;
  for (const field of Object.values(schema.getQueryType()?.getFields() ?? {})) {
    const shape = shapeOf(field.type, schema, kinds, names);
    if (shape.kind === 'object') {
      const target = drafts.get(shape.target)!;
      const typeName = target.type.name.toLowerCase();
      const args = field.args.filter((a) => ['id', `${typeName}id`].includes(a.name.toLowerCase()) || a.type.toString().replace('!', '') === 'ID').map((a) => a.name);
      mapping.roots[field.name] = { lookup: target.table.name, args };
    } else if (shape.kind === 'many') {
      mapping.roots[field.name] = { list: drafts.get(shape.target)!.table.name, connection: shape.connection };
    } else {
      skipped.push({ kind: 'field', name: `Query.${field.name}`, reason: 'not a lookup or a list of one type: the mock answers null' });
    }
  }
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) skipped.push({ kind: 'field', name: `Mutation.${field.name}`, reason: "the SDL's own mutations are not mocked: the mock answers null" });

  const document = { seedbed: 1, name: options.name ?? 'graphql', seed: 1, tables, graphql: { sdl: text, mapping } } as BlueprintDocument;
  return { document, report, skipped };
}

function valueField(name: string, type: GraphQLNamedType, table: string, siblings: string[], required: boolean): { field: FieldDef; confidence: number; reason: string } {
  const nulls = required ? {} : { nullRate: 0.1 };
  if (isEnumType(type)) {
    const values = Object.fromEntries(type.getValues().map((v) => [v.name, 1]));
    return { field: { name, generator: 'weighted', options: { values }, ...nulls }, confidence: 0.9, reason: `one of the enum ${type.name}'s values` };
  }
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
