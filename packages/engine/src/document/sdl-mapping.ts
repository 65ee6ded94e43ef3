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
  for (const [name, root] of named(mapping.roots)) rootIssues(issues, `graphql.mapping.roots.${name}`, root, table, field);
  for (const [name, root] of named(mapping.subscriptions)) rootIssues(issues, `graphql.mapping.subscriptions.${name}`, root, table, field);
  for (const [name, m] of named(mapping.mutations)) {
    const path = `graphql.mapping.mutations.${name}`;
    if (!['create', 'update', 'delete'].includes(m.op as string)) issues.push({ path: `${path}.op`, message: 'must be "create", "update" or "delete"' });
    table(`${path}.table`, m.table);
    for (const key of ['values', 'key', 'where', 'inc']) if (m[key] !== undefined && typeof m[key] !== 'string') issues.push({ path: `${path}.${key}`, message: 'must be a path in the arguments, such as "input.user"' });
    if (m.op === 'create' && typeof m.values !== 'string') issues.push({ path: `${path}.values`, message: 'must say where the new values are in the arguments ("" for the arguments themselves)' });
    if ((m.op === 'update' || m.op === 'delete') && typeof m.key !== 'string' && typeof m.where !== 'string') issues.push({ path, message: 'must say where the key (`key`) or the filter (`where`) of the rows to change is' });
  }
  for (const [name, roles] of named(mapping.wrappers)) {
    for (const [fieldName, role] of Object.entries(roles)) {
      if (typeof role === 'string' && !WRAPPER_ROLES.has(role)) issues.push({ path: `graphql.mapping.wrappers.${name}.${fieldName}`, message: `is not a role the mock knows (${[...WRAPPER_ROLES].join(', ')})` });
    }
  }
  return issues;
}

/** What a field of a wrapper type may answer (see GraphqlWrapperRole). */
export const WRAPPER_ROLES = new Set([
  'rows', 'edges', 'node', 'cursor', 'totalCount', 'pageInfo', 'hasNextPage', 'hasPreviousPage', 'startCursor', 'endCursor', 'pages', 'page', 'next', 'prev', 'pageSize',
  'offset', 'pageId', 'row', 'related', 'edge', 'key', 'clientMutationId', 'query', 'affectedRows', 'ok', 'aggregate', 'count', 'min', 'max', 'avg', 'sum', 'value', 'null',
]);

const BINDINGS: Record<string, (value: unknown) => boolean> = {
  eq: (v) => typeof v === 'string',
  in: (v) => typeof v === 'string',
  filter: (v) => v === 'equal' || v === 'contains',
  page: (v) => ['first', 'last', 'after', 'before', 'offset', 'page', 'pageSize'].includes(v as string),
  order: (v) => ['enum', 'object', 'field', 'direction'].includes(v as string),
  ignore: (v) => typeof v === 'string',
};

/** A field's argument bindings: each names a column of `of` where it compares one. */
function argIssues(issues: DocumentIssue[], path: string, m: Record<string, unknown>, of: TableDef | undefined, field: FieldCheck) {
  if (m.pageSize !== undefined && !(Number.isInteger(m.pageSize) && (m.pageSize as number) >= 1 && (m.pageSize as number) <= 10_000)) issues.push({ path: `${path}.pageSize`, message: 'must be a whole number from 1 to 10,000' });
  if (m.args === undefined) return;
  if (!isObject(m.args)) return void issues.push({ path: `${path}.args`, message: 'must map argument names to bindings' });
  for (const [arg, binding] of Object.entries(m.args)) {
    const at = `${path}.args.${arg}`;
    const kinds = isObject(binding) ? Object.keys(binding).filter((k) => k in BINDINGS) : [];
    if (!isObject(binding) || kinds.length !== 1 || !BINDINGS[kinds[0]](binding[kinds[0]])) {
      issues.push({ path: at, message: 'must be {"eq": column}, {"in": column}, {"filter": "equal"|"contains"}, {"page": "first"|"last"|"after"|"before"|"offset"|"page"|"pageSize"}, {"order": "enum"|"object"|"field"|"direction"} or {"ignore": reason}' });
      continue;
    }
    if (kinds[0] === 'eq' || kinds[0] === 'in') field(`${at}.${kinds[0]}`, of, binding[kinds[0]]);
    if (kinds[0] === 'filter' && binding.fields !== undefined) {
      if (!isObject(binding.fields)) issues.push({ path: `${at}.fields`, message: 'must map input field names to columns' });
      else for (const [name, column] of Object.entries(binding.fields)) field(`${at}.fields.${name}`, of, column);
    }
  }
}

function rootIssues(issues: DocumentIssue[], path: string, root: Record<string, unknown>, table: TableCheck, field: FieldCheck) {
  if (root.node === true) return;
  if (typeof root.lookup === 'string' && Array.isArray(root.args) && root.args.every((a) => typeof a === 'string')) {
    table(`${path}.lookup`, root.lookup);
  } else if (typeof root.lookup === 'string' && isObject(root.args)) {
    argIssues(issues, path, root, table(`${path}.lookup`, root.lookup), field);
  } else if (typeof root.list === 'string' && typeof root.connection === 'boolean') {
    argIssues(issues, path, root, table(`${path}.list`, root.list), field);
  } else if (typeof root.aggregate === 'string') {
    argIssues(issues, path, root, table(`${path}.aggregate`, root.aggregate), field);
  } else {
    issues.push({ path, message: 'must be {"lookup": table, "args": {...}}, {"list": table, "connection": true|false, "args": {...}}, {"aggregate": table, "args": {...}} or {"node": true}' });
  }
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
    if (m.globalId !== undefined && m.globalId !== 'relay' && m.globalId !== 'postgraphile') issues.push({ path: `${path}.globalId`, message: 'must be "relay" or "postgraphile"' });
  } else if (text('children', 'via') && typeof m.connection === 'boolean') {
    const children = table(`${path}.children`, m.children);
    field(`${path}.via`, children, m.via);
    argIssues(issues, path, m, children, field);
  } else if (text('junction', 'from', 'to', 'table') && typeof m.connection === 'boolean') {
    const junction = table(`${path}.junction`, m.junction);
    field(`${path}.from`, junction, m.from);
    field(`${path}.to`, junction, m.to);
    argIssues(issues, path, m, table(`${path}.table`, m.table), field);
  } else if (text('aggregate', 'via')) {
    const rows = table(`${path}.aggregate`, m.aggregate);
    field(`${path}.via`, rows, m.via);
    argIssues(issues, path, m, rows, field);
  } else {
    issues.push({ path, message: 'must be {"column"}, {"ref", "table"}, {"children", "via", "connection"}, {"junction", "from", "to", "table", "connection"} or {"aggregate", "via"}' });
  }
}

/** ` (did you mean "users"?)` when a name differs from one that exists only by case. */
function suggestion(name: string, names: Iterable<string>): string {
  for (const other of names) if (other.toLowerCase() === name.toLowerCase()) return ` (did you mean "${other}"?)`;
  return '';
}
