/**
 * The rules of a document's `graphql` key (what a GRAPHQL_SDL import writes,
 * §12–13) that its JSON schema cannot say: the SDL's size in bytes, and every
 * table and field its mapping names exists in this blueprint, exactly as
 * spelt (the mock looks rows up by these names). Whether the SDL parses is
 * the mock's to check: the engine does not read GraphQL.
 */
import { MAX_SDL_BYTES } from './json-schema';
import { REF_GENERATOR, type DocumentIssue, type TableDef } from './types';
import { fieldEntries, isObject, tableEntries } from './walk';

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Bytes of a string in UTF-8, without building it. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** A map's entries whose keys are GraphQL names (others are the schema's to report) and whose values are objects. */
function named(value: unknown): [string, Record<string, unknown>][] {
  return isObject(value) ? Object.entries(value).filter((e): e is [string, Record<string, unknown>] => GRAPHQL_NAME.test(e[0]) && isObject(e[1])) : [];
}

export function graphqlKeyIssues(doc: unknown): DocumentIssue[] {
  const key = isObject(doc) ? doc.graphql : undefined;
  if (!isObject(key)) return [];
  const issues: DocumentIssue[] = [];
  if (typeof key.sdl === 'string' && key.sdl.length > MAX_SDL_BYTES / 4) {
    const bytes = utf8Bytes(key.sdl);
    if (bytes > MAX_SDL_BYTES) issues.push({ path: 'graphql.sdl', message: `has ${bytes.toLocaleString('en-US')} bytes; at most ${MAX_SDL_BYTES.toLocaleString('en-US')}` });
  }
  const tables = new Map(tableEntries(doc).filter((e) => typeof e.table.name === 'string').map((e) => [e.table.name, e.table]));
  const table = (path: string, name: unknown): TableDef | undefined => {
    if (typeof name !== 'string') return undefined;
    const found = tables.get(name);
    if (!found) issues.push({ path, message: `names no table of this blueprint${suggestion(name, tables.keys())}` });
    return found;
  };
  const field = (path: string, of: TableDef | undefined, name: unknown) => {
    if (!of || typeof name !== 'string') return undefined;
    const found = fieldEntries(of).find((e) => e.field.name === name)?.field;
    if (!found) issues.push({ path, message: `names no field of table "${of.name}"${suggestion(name, fieldEntries(of).map((e) => e.field.name))}` });
    return found;
  };
  const mapping = key.mapping;
  if (!isObject(mapping)) return issues;
  for (const [type, m] of named(mapping.types)) {
    const base = `graphql.mapping.types.${type}`;
    const own = table(`${base}.table`, m.table);
    field(`${base}.key`, own, m.key);
    for (const [name, f] of named(m.fields)) fieldMappingIssues(issues, `${base}.fields.${name}`, f, own, table, field);
  }
  for (const [name, root] of named(mapping.roots)) {
    const path = `graphql.mapping.roots.${name}`;
    if (typeof root.lookup === 'string' && Array.isArray(root.args) && root.args.every((a) => typeof a === 'string')) table(`${path}.lookup`, root.lookup);
    else if (typeof root.list === 'string' && typeof root.connection === 'boolean') table(`${path}.list`, root.list);
    else issues.push({ path, message: 'must be {"lookup": table, "args": [names]} or {"list": table, "connection": true|false}' });
  }
  return issues;
}

type TableCheck = (path: string, name: unknown) => TableDef | undefined;
type FieldCheck = (path: string, of: TableDef | undefined, name: unknown) => TableDef['fields'][number] | undefined;

function fieldMappingIssues(issues: DocumentIssue[], path: string, m: Record<string, unknown>, own: TableDef | undefined, table: TableCheck, field: FieldCheck) {
  const text = (...keys: string[]) => keys.every((k) => typeof m[k] === 'string');
  if (text('column')) {
    field(`${path}.column`, own, m.column);
  } else if (text('ref', 'table')) {
    const target = table(`${path}.table`, m.table);
    const ref = field(`${path}.ref`, own, m.ref);
    const points = isObject(ref?.options) ? ref.options.table : undefined;
    if (ref && target && (ref.generator !== REF_GENERATOR || points !== target.name)) issues.push({ path: `${path}.ref`, message: `must name a ref field of "${own!.name}" pointing at "${target.name}"` });
  } else if (text('children', 'via') && typeof m.connection === 'boolean') {
    field(`${path}.via`, table(`${path}.children`, m.children), m.via);
  } else if (text('junction', 'from', 'to', 'table') && typeof m.connection === 'boolean') {
    const junction = table(`${path}.junction`, m.junction);
    field(`${path}.from`, junction, m.from);
    field(`${path}.to`, junction, m.to);
    table(`${path}.table`, m.table);
  } else {
    issues.push({ path, message: 'must be {"column"}, {"ref", "table"}, {"children", "via", "connection"} or {"junction", "from", "to", "table", "connection"}' });
  }
}

/** ` (did you mean "users"?)` when a name differs from one that exists only by case. */
function suggestion(name: string, names: Iterable<string>): string {
  for (const other of names) if (other.toLowerCase() === name.toLowerCase()) return ` (did you mean "${other}"?)`;
  return '';
}
