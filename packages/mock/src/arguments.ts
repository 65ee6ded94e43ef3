/**
 * What a field's arguments ask, read through their bindings (sdl-bindings.ts
 * binds them by convention; a document may bind them by hand): which rows
 * (keys, a filter), in which order, which page. Filters are read in the
 * operator spellings of PostGraphile (`equalTo`, `includesInsensitive`),
 * Hasura (`_eq`, `_ilike`, `_and`) and Prisma (`equals`, `contains` with
 * `mode: insensitive`, `AND`), all into one Filter.
 */
import type { GraphqlArgBinding, GraphqlTypeMapping, Value } from '@seedbed/engine';
import { badInput } from '@seedbed/engine/errors';
import { jsonIssue } from '@seedbed/engine';
import type { PageArgs } from './connection';
import type { Filter, FilterOp } from './filter';
import { decodeGlobalId } from './global-id';
import type { Order } from './mock-data';
import { constant, squash } from './naming';


/** Operator names (without case or underscores) → what they compare. */
const OPERATORS: Record<string, FilterOp> = {
  eq: 'eq', equalto: 'eq', equals: 'eq', is: 'eq', notdistinctfrom: 'eq',
  neq: 'ne', ne: 'ne', notequalto: 'ne', distinctfrom: 'ne',
  in: 'in', nin: 'nin', notin: 'nin',
  lt: 'lt', lessthan: 'lt', lte: 'lte', lessthanorequalto: 'lte',
  gt: 'gt', greaterthan: 'gt', gte: 'gte', greaterthanorequalto: 'gte',
  like: 'like', ilike: 'ilike', likeinsensitive: 'ilike', nlike: 'nlike', notlike: 'nlike', nilike: 'nilike', notlikeinsensitive: 'nilike',
  includes: 'contains', contains: 'contains', includesinsensitive: 'icontains', icontains: 'icontains', containsinsensitive: 'icontains',
  notincludes: 'ncontains', notcontains: 'ncontains', notincludesinsensitive: 'nicontains',
  startswith: 'startsWith', startswithinsensitive: 'istartsWith', istartswith: 'istartsWith',
  endswith: 'endsWith', endswithinsensitive: 'iendsWith', iendswith: 'iendsWith',
  isnull: 'isNull',
};
/**
 * Operators written as a suffix of the field, OpenCRUD's (Prisma 1,
 * Graphcool: `email_contains`, `createdAt_gte`, `id_not_in`) and the same in
 * camel case (`emailContains`), longest first; `negate`: true for those
 * FilterOp has no twin of (`_not_starts_with`).
 */
const SUFFIXES: [string, FilterOp, boolean][] = [
  ['notstartswith', 'startsWith', true], ['notendswith', 'endsWith', true], ['notcontains', 'ncontains', false], ['notin', 'nin', false],
  ['startswith', 'startsWith', false], ['endswith', 'endsWith', false], ['contains', 'contains', false], ['isnull', 'isNull', false],
  ['lte', 'lte', false], ['gte', 'gte', false], ['not', 'ne', false], ['lt', 'lt', false], ['gt', 'gt', false], ['in', 'in', false],
];

/** Characters of a text a filter compares, and of a LIKE pattern (matched against every row scanned: bounded before the scan). */
const MAX_FILTER_TEXT = 1_000;
const MAX_LIKE_PATTERN = 200;

function checkOperand(op: FilterOp, value: unknown, path: string): void {
  const texts = Array.isArray(value) ? value : [value];
  const max = op.endsWith('like') ? MAX_LIKE_PATTERN : MAX_FILTER_TEXT;
  if (texts.some((t) => typeof t === 'string' && t.length > max)) throw badInput(path, `a filter compares texts of at most ${max.toLocaleString('en-US')} characters${max === MAX_LIKE_PATTERN ? ' in a LIKE pattern' : ''}`);
}

/** Prisma's `mode: insensitive` turns these into their case-insensitive twins. */
const INSENSITIVE: Partial<Record<FilterOp, FilterOp>> = { eq: 'ilike', contains: 'icontains', startsWith: 'istartsWith', endsWith: 'iendsWith', ncontains: 'nicontains', like: 'ilike' };

export interface RowsAsked {
  filter?: Filter;
  /** The key is one of these (a lookup by key, `ids`): found by key. */
  keys?: Value[];
  order?: Order[];
  page: PageArgs & { pageSize?: number };
}

export interface ArgContext {
  /** The entity type the rows are, its mapping and GraphQL name. */
  type: GraphqlTypeMapping;
  typeName: string;
  /** Where the field is, for errors and warnings (`Query.characters`). */
  path: string;
  warn(message: string): void;
}

export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The value at a dotted path of a field's arguments (`input.user`); "" is the arguments themselves. */
export function argumentAt(args: Record<string, unknown>, path: string | undefined): unknown {
  if (path === undefined) return undefined;
  if (path === '') return args;
  return path.split('.').reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), args);
}

/** The column a GraphQL field or input field name stands for (ignoring case and underscores), with whether it holds global ids. */
function columnOf(type: GraphqlTypeMapping, name: string): { column: string; globalId?: string } | undefined {
  const field = type.fields[name];
  if (field && 'column' in field) return field;
  for (const [other, f] of Object.entries(type.fields)) if ('column' in f && squash(other) === squash(name)) return f;
  return undefined;
}

/** A filter key that is a field with an operator after it (`email_contains`), when no field has the whole name. */
function suffixed(type: GraphqlTypeMapping, name: string): { column: { column: string; globalId?: string }; op: FilterOp; negate: boolean } | undefined {
  const squashed = squash(name);
  for (const [suffix, op, negate] of SUFFIXES) {
    if (squashed.length <= suffix.length || !squashed.endsWith(suffix)) continue;
    const column = columnOf(type, squashed.slice(0, -suffix.length));
    if (column) return { column, op, negate };
  }
  return undefined;
}

/** A key as the app sent it: a global id is opened to the key it holds (one of another type matches nothing). */
function keyValue(value: unknown, globalId: boolean | string | undefined, ctx: ArgContext): Value {
  if (!globalId) return value as Value;
  const decoded = decodeGlobalId(value);
  if (!decoded) return value as Value;
  const { name, key } = decoded;
  return name === ctx.typeName || name === ctx.type.table ? key : `\u0000not ${ctx.typeName}`;
}

/** Order keys one list may take: each is a column read for every row sorted. */
const MAX_ORDER_KEYS = 8;

/** Reads one field's arguments through its bindings; arguments given that nothing binds are warned about, never silently ignored. */
export function readArgs(args: Record<string, unknown>, bindings: Record<string, GraphqlArgBinding>, ctx: ArgContext): RowsAsked {
  // Text PostgreSQL would refuse (a NUL, a lone surrogate) is the caller's mistake, said before any row is read.
  const issue = jsonIssue(args);
  if (issue) throw badInput(issue.path, `${issue.path} ${issue.message}`);
  const parts: Filter[] = [];
  let keys: Value[] | undefined;
  const order: Order[] = [];
  let direction: boolean | undefined;
  const page: RowsAsked['page'] = {};
  const narrowKeys = (values: Value[]) => {
    keys = keys ? keys.filter((k) => values.some((v) => String(v) === String(k))) : values;
  };
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    const binding = bindings[name];
    const path = `${ctx.path}(${name})`;
    if (!binding) {
      ctx.warn(`${path} is not bound to the data: the mock ignored it (bind it in the document's graphql mapping)`);
      continue;
    }
    if ('ignore' in binding) continue;
    if ('eq' in binding) {
      const v = binding.eq === ctx.type.key || binding.globalId ? keyValue(value, binding.globalId, ctx) : (value as Value);
      if (binding.eq === ctx.type.key) narrowKeys([v]);
      else parts.push({ column: binding.eq, op: 'eq', value: v });
    } else if ('in' in binding) {
      const list = (Array.isArray(value) ? value : [value]).map((v) => keyValue(v, binding.globalId, ctx));
      if (binding.in === ctx.type.key) narrowKeys(list);
      else parts.push({ column: binding.in, op: 'in', value: list });
    } else if ('filter' in binding) {
      if (!isObject(value)) throw badInput(name, `${path} must be an object`);
      parts.push(readFilter(value, binding.filter, binding.fields, ctx, name));
    } else if ('page' in binding) {
      if (typeof value !== 'number' && typeof value !== 'string') throw badInput(name, `${path} must be a number or a cursor`);
      const p = binding.page;
      if (p === 'after' || p === 'before') page[p] = String(value);
      else page[p] = Number(value);
    } else if ('order' in binding) {
      if (binding.order === 'direction') direction = /^desc/i.test(String(value));
      else order.push(...readOrder(value, binding.order, ctx, name));
    }
  }
  if (order.length > MAX_ORDER_KEYS) throw badInput(ctx.path, `a list is ordered by at most ${MAX_ORDER_KEYS} fields`);
  if (direction !== undefined) for (const o of order) o.descending = direction;
  if (direction !== undefined && !order.length) order.push({ column: ctx.type.key, descending: direction });
  const filter = parts.length ? (parts.length === 1 ? parts[0] : { all: parts }) : undefined;
  return { filter, keys, order: order.length ? order : undefined, page };
}

/** A filter object: field names (plain values or operator objects) and `and`/`or`/`not`, in any of the styles. */
export function readFilter(value: Record<string, unknown>, style: 'equal' | 'contains', fields: Record<string, string> | undefined, ctx: ArgContext, path: string): Filter {
  const parts: Filter[] = [];
  for (const [name, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const at = `${path}.${name}`;
    const logic = squash(name);
    if (logic === 'and' || logic === 'or') {
      const list = (Array.isArray(v) ? v : [v]).filter(isObject).map((item, i) => readFilter(item, style, fields, ctx, `${at}[${i}]`));
      parts.push(logic === 'and' ? { all: list } : { any: list });
      continue;
    }
    if (logic === 'not') {
      const list = (Array.isArray(v) ? v : [v]).filter(isObject).map((item, i) => readFilter(item, style, fields, ctx, `${at}[${i}]`));
      parts.push({ not: list.length === 1 ? list[0] : { any: list } });
      continue;
    }
    const mapped = fields?.[name];
    const whole = mapped ? { column: mapped } : columnOf(ctx.type, name);
    const split = whole ? undefined : suffixed(ctx.type, name);
    const column = whole ?? split?.column;
    if (!column) throw badInput(at, `${ctx.typeName} has no field ${name} the mock can filter by (a relation or a computed field); bind it in the document's graphql mapping or leave it out`);
    const key = (x: unknown) => keyValue(x, column.globalId, ctx);
    if (split) {
      // `_not: null` is IS NOT NULL, as `field: null` is IS NULL.
      const op = split.op === 'ne' && v === null ? 'isNull' : split.op;
      const operand = op === 'isNull' ? (split.op === 'ne' ? false : (v as Value)) : op === 'in' || op === 'nin' ? (Array.isArray(v) ? v : [v]).map(key) : key(v);
      checkOperand(op, operand, at);
      const part: Filter = { column: column.column, op, value: operand as Value };
      parts.push(split.negate ? { not: part } : part);
      continue;
    }
    if (v === null) {
      parts.push({ column: column.column, op: 'isNull', value: true });
    } else if (isObject(v)) {
      const insensitive = typeof v.mode === 'string' && /^insensitive$/i.test(v.mode);
      for (const [opName, operand] of Object.entries(v)) {
        if (operand === undefined || squash(opName) === 'mode') continue;
        if (squash(opName) === 'not' && isObject(operand)) {
          parts.push({ not: readFilter({ [name]: operand }, style, fields, ctx, path) });
          continue;
        }
        let op = OPERATORS[squash(opName)];
        if (!op) throw badInput(`${at}.${opName}`, `the mock does not know the filter operator ${opName}`);
        if (insensitive) op = INSENSITIVE[op] ?? op;
        const operandValue = op === 'in' || op === 'nin' ? (Array.isArray(operand) ? operand : [operand]).map(key) : op === 'isNull' ? (operand as Value) : key(operand);
        // `equals` with mode insensitive is a LIKE without wildcards: escape the text's own.
        const wanted = op === 'ilike' && squash(opName) !== 'ilike' && squash(opName) !== 'likeinsensitive' && typeof operandValue === 'string' ? operandValue.replace(/[\\%_]/g, '\\$&') : operandValue;
        checkOperand(op, wanted, `${at}.${opName}`);
        parts.push({ column: column.column, op, value: wanted as Value });
      }
    } else if (style === 'contains' && typeof v === 'string') {
      checkOperand('icontains', v, at);
      parts.push({ column: column.column, op: 'icontains', value: v });
    } else {
      parts.push({ column: column.column, op: 'eq', value: key(v) });
    }
  }
  return parts.length === 1 ? parts[0] : { all: parts };
}

/** `NAME_ASC` (PostGraphile), `{name: desc_nulls_last}` (Hasura, Prisma), `"-name"` / `NAME`. */
function readOrder(value: unknown, style: 'enum' | 'object' | 'field', ctx: ArgContext, path: string): Order[] {
  const items = Array.isArray(value) ? value : [value];
  const out: Order[] = [];
  const column = (name: string) => {
    if (/^PRIMARY_KEY$/i.test(name)) return ctx.type.key;
    const byConstant = Object.entries(ctx.type.fields).find(([field, f]) => 'column' in f && (constant(field) === constant(name) || squash(field) === squash(name)));
    if (!byConstant) throw badInput(path, `${ctx.typeName} has no field ${name} the mock can order by`);
    return (byConstant[1] as { column: string }).column;
  };
  for (const item of items) {
    if (item === null || item === undefined) continue;
    if (style === 'object' && isObject(item)) {
      for (const [name, dir] of Object.entries(item)) {
        if (dir === null || dir === undefined) continue;
        if (isObject(dir)) throw badInput(`${path}.${name}`, `the mock orders by ${ctx.typeName}'s own fields only, not by ${name}'s`);
        out.push({ column: column(name), descending: /^desc/i.test(String(dir)) });
      }
      continue;
    }
    const text = String(item);
    if (style === 'enum') {
      if (text === 'NATURAL') continue;
      const match = /^(.*)_(ASC|DESC)$/.exec(text);
      if (!match) throw badInput(path, `${text} is not an order the mock knows (NAME_ASC, NAME_DESC, NATURAL)`);
      out.push({ column: column(match[1]), descending: match[2] === 'DESC' });
      continue;
    }
    const descending = text.startsWith('-');
    out.push({ column: column(text.replace(/^[-+]/, '')), descending });
  }
  return out;
}
