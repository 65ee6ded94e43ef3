/**
 * An SDL's own mutations over the mock's overlay, in the shapes real APIs
 * use: PostGraphile (`createX(input: {x: {...}}) { x { ... } }`,
 * `updateXById(input: {id, xPatch})`, `deleteXById`), Hasura
 * (`insert_x_one(object:)`, `insert_x(objects:)`, `update_x_by_pk(pk_columns:,
 * _set:, _inc:)`, `update_x(where:, _set:)`, `delete_x_by_pk`, `delete_x(where:)`)
 * and plain ones (`createX(data:|input:)`, `updateX(id:, data:)`,
 * `deleteX(id:)`). Each returns what it wrote, in the shape its field
 * declares: the row, the rows, a payload, a count, a key or true.
 */
import { getNamedType, getNullableType, isListType, isObjectType, type GraphQLField, type GraphQLFieldResolver } from 'graphql';
import type { GraphqlMutationMapping, GraphqlTypeMapping, Value } from '@seedbed/engine';
import { badInput } from '@seedbed/engine/errors';
import { jsonIssue } from '@seedbed/engine';
import { argumentAt as at, isObject, readFilter } from './arguments';
import type { MockContext } from './context';
import { decodeGlobalId, encodeGlobalId } from './global-id';
import type { MockRow } from './mock-data';
import type { WrapperContext, WrapperSource } from './sdl-wrappers';
import { squash } from './naming';


function typeNameOf(types: Record<string, GraphqlTypeMapping>, table: string): string {
  return Object.entries(types).find(([, t]) => t.table === table)![0];
}

/** An input object's fields as the table's columns; a field given that is no column is refused, never dropped. */
function columnsOfInput(input: Record<string, unknown>, type: GraphqlTypeMapping, typeName: string, path: string, skip: Set<string> = new Set()): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined || skip.has(name) || squash(name) === 'clientmutationid') continue;
    const field = (Object.entries(type.fields).find(([f, m]) => 'column' in m && (f === name || squash(f) === squash(name)))?.[1] ?? refNamed(type, name)) as { column: string; globalId?: string } | undefined;
    if (!field) throw badInput(`${path}.${name}`, `${typeName} has no column ${name} the mock can write (nested writes of related rows are not mocked)`);
    out[field.column] = field.globalId ? (decodeGlobalId(value)?.key ?? (value as Value)) : (value as Value);
  }
  return out;
}

/** `authorId` of an input for a type whose `author` field is a reference: that reference's column. */
function refNamed(type: GraphqlTypeMapping, name: string): { column: string } | undefined {
  const base = name.replace(/_?id$/i, '');
  if (base === name) return undefined;
  const ref = Object.entries(type.fields).find(([f, m]) => 'ref' in m && squash(f) === squash(base))?.[1] as { ref: string } | undefined;
  return ref && { column: ref.ref };
}

/** The key a mutation names: a value, a global id, or an object holding the key field (`pk_columns`, a unique `where`). */
function keyOf(value: unknown, type: GraphqlTypeMapping, typeName: string, path: string): Value {
  if (isObject(value)) {
    const entry = Object.entries(value).find(([name]) => {
      const f = type.fields[name] ?? Object.entries(type.fields).find(([other]) => squash(other) === squash(name))?.[1];
      return (f && 'column' in f && f.column === type.key) || /^(id|nodeid)$/i.test(name);
    });
    if (!entry) throw badInput(path, `name the ${typeName} by its key (${type.key})`);
    return keyOf(entry[1], type, typeName, `${path}.${entry[0]}`);
  }
  const decoded = decodeGlobalId(value);
  if (decoded && (decoded.name === typeName || decoded.name === type.table)) return decoded.key;
  return value as Value;
}

export function mutationResolver(field: GraphQLField<unknown, unknown>, m: GraphqlMutationMapping, wrappers: WrapperContext, path: string): GraphQLFieldResolver<unknown, MockContext> {
  const typeName = typeNameOf(wrappers.types, m.table);
  const type = wrappers.types[typeName];
  const returns = getNullableType(field.type);
  const named = getNamedType(field.type);
  return async (_root, args, ctx) => {
    const issue = jsonIssue(args);
    if (issue) throw badInput(issue.path, `${issue.path} ${issue.message}`);
    const { writes } = ctx;
    let rows: MockRow[];
    if (m.op === 'create') {
      const values = at(args, m.values);
      const list = Array.isArray(values) ? values : [values];
      rows = [];
      for (const [i, item] of list.entries()) {
        const where_ = `${m.values || 'input'}${Array.isArray(values) ? `[${i}]` : ''}`;
        if (!isObject(item)) throw badInput(where_, `${path} needs the new ${typeName}'s values`);
        rows.push(await writes.create(m.table, columnsOfInput(item, type, typeName, where_), where_));
      }
    } else {
      const keyArg = m.key === undefined ? undefined : at(args, m.key);
      const patch = m.op === 'update' ? at(args, m.values) : undefined;
      const changes = isObject(patch) ? columnsOfInput(patch, type, typeName, m.values || 'input', m.values === '' && m.key !== undefined ? new Set([m.key.split('.')[0]]) : undefined) : {};
      const incValue = at(args, m.inc);
      const inc = isObject(incValue) ? columnsOfInput(incValue, type, typeName, m.inc!) : undefined;
      if (m.where !== undefined) {
        const where = at(args, m.where);
        const filter = readFilter(isObject(where) ? where : {}, 'equal', undefined, { type, typeName, path, warn: (w) => ctx.warnings.add(w) }, m.where);
        rows = m.op === 'update' ? await writes.updateWhere(m.table, filter, changes, { inc, path: m.values }) : await writes.deleteWhere(m.table, filter);
      } else {
        const key = keyOf(keyArg, type, typeName, m.key!);
        rows = [m.op === 'update' ? await writes.update(m.table, key, changes, { inc, path: m.values }) : await writes.delete(m.table, key)];
      }
    }
    // What the field declares it returns: the row(s), a payload, a count, a key, or true.
    if (isObjectType(named) && wrappers.types[named.name]) return isListType(returns) ? rows : (rows[0] ?? null);
    if (isListType(returns) && wrappers.types[named.name] === undefined && !isObjectType(named)) return rows.map((r) => shownKey(r, type, typeName));
    if (isObjectType(named) || 'getTypes' in named || 'getFields' in named) return { kind: 'payload', rows, args, type, typeName } satisfies WrapperSource;
    if (named.name === 'Boolean') return true;
    if (named.name === 'Int') return rows.length;
    return rows[0] ? shownKey(rows[0], type, typeName) : null;
  };
}

/** A row's key as its type shows it (a global id when its key field is one). */
export function shownKey(row: MockRow, type: GraphqlTypeMapping, typeName: string): Value {
  const key = row.values[type.key];
  const field = Object.values(type.fields).find((f) => 'column' in f && f.column === type.key && f.globalId) as { globalId: 'relay' | 'postgraphile' } | undefined;
  return field && key !== null ? encodeGlobalId(field.globalId, typeName, type.table, key) : key;
}
