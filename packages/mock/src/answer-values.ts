/**
 * The answer of a mutation no create, update or delete mapping covers, made
 * from its plan (answer-plan.ts) and its arguments: entities are rows as the
 * rows API gives them (the overlay's writes included), found by the
 * arguments that name them; scalars are derived from the arguments, so the
 * same call answers the same bytes (never random per call). Nothing is
 * written. A key naming no row answers null, or an error with the
 * argument's path where the SDL allows no null.
 */
import { createHash } from 'node:crypto';
import type { GraphQLFieldResolver } from 'graphql';
import { canonicalValue, jsonIssue, type GraphqlTypeMapping, type Value } from '@seedbed/engine';
import { AppError, badInput } from '@seedbed/engine/errors';
import type { AnswerPlan, Finder } from './answer-plan';
import { argumentAt as at, isObject } from './arguments';
import type { MockContext } from './context';
import type { Filter } from './filter';
import { decodeGlobalId } from './global-id';
import { keyText, type MockRow } from './mock-data';
import { squash, words } from './naming';
import { DEFAULT_PAGE_SIZE } from './sdl-bindings';
import { shownKey } from './sdl-mutations';

/** A token's claims: issued and expiring at fixed instants, so the same login answers the same token (and an app that checks `exp` keeps it). */
const ISSUED_AT = 1_700_000_000;
const EXPIRES_AT = 4_102_444_800;
const DATE_BASE = Date.UTC(2024, 0, 1);
/** Characters of an argument compared with a column (`login(email:)`), as a filter's texts are bounded. */
const MAX_COMPARED_TEXT = 1_000;

type Row = MockRow | null;

export function answerResolver(mutation: string, plan: AnswerPlan, types: Record<string, GraphqlTypeMapping>): GraphQLFieldResolver<unknown, MockContext> {
  return async (_root, args, ctx) => {
    const issue = jsonIssue(args);
    if (issue) throw badInput(issue.path, `${issue.path} ${issue.message}`);
    return new Answer(mutation, args, ctx, types).of(plan, []);
  };
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

class Answer {
  private readonly seed: string;

  constructor(
    private readonly mutation: string,
    private readonly args: Record<string, unknown>,
    private readonly ctx: MockContext,
    private readonly types: Record<string, GraphqlTypeMapping>,
  ) {
    this.seed = `${mutation}\u0000${JSON.stringify(canonicalValue(args))}`;
  }

  /** Bytes derived from the mutation, its arguments and what they are for: the same call, the same bytes. */
  private digest(salt: string): Buffer {
    return createHash('sha256').update(`${this.seed}\u0000${salt}`).digest();
  }

  /** A plan's answer; `scope`: the rows answered beside it (a payload's), which its scalars speak of. */
  async of(plan: AnswerPlan, scope: MockRow[]): Promise<unknown> {
    switch (plan.kind) {
      case 'row':
        return this.row(plan);
      case 'rows':
        return this.rows(plan);
      case 'object': {
        // Rows first: a payload's `id`, `count` and token speak of them.
        const values: Record<string, unknown> = { __typename: plan.typeName };
        const rows: MockRow[] = [...scope];
        for (const [name, field] of plan.fields) {
          if (field.kind !== 'row' && field.kind !== 'rows') continue;
          const value = await this.of(field, rows);
          values[name] = value;
          for (const row of [value].flat()) if (row) rows.push(row as MockRow);
        }
        for (const [name, field] of plan.fields) if (!(name in values)) values[name] = await this.of(field, rows);
        // A wrapper type's fields answer by role (sdl-wrappers.ts): this source tells them to read these values.
        return plan.wrapper ? { kind: 'answer', values } : values;
      }
      case 'value':
        return this.scalar(plan, scope);
      case 'empty':
        return [];
      default:
        return null;
    }
  }

  private async row(plan: Extract<AnswerPlan, { kind: 'row' }>): Promise<Row> {
    const { find, table } = plan;
    if (find.by === 'key') {
      const given = at(this.args, find.arg.path);
      if (given === null || given === undefined) return this.ctx.data.baseRow(table, 0);
      return (await this.byKey(plan.typeName, given)) ?? missing(plan.required, plan.typeName, given, find.arg.path);
    }
    if (find.by === 'first') return this.ctx.data.baseRow(table, 0);
    const given = await this.givenColumns(find);
    if (!given) return missing(plan.required, plan.typeName, null, '');
    if ('missing' in given) return missing(plan.required, given.missing.table, given.missing.value, given.missing.path);
    if (!given.filter) return this.ctx.data.baseRow(table, 0);
    const selection = await this.ctx.data.select({ table, filter: given.filter });
    if (selection.count) return this.ctx.data.byRef(table, selection.slice(0, 1)[0]);
    // None has them (`login` with a new email): a deterministic row, showing what the arguments say of it.
    const total = this.ctx.data.access.totalRows(table);
    const row = total ? ((await this.ctx.data.baseRow(table, this.digest('row').readUInt32BE(0) % total)) ?? (await this.ctx.data.baseRow(table, 0))) : null;
    if (!row) return missing(plan.required, plan.typeName, null, '');
    return { table, ref: row.ref, values: { ...row.values, ...given.values } };
  }

  private async rows(plan: Extract<AnswerPlan, { kind: 'rows' }>): Promise<Row[]> {
    const { find, table } = plan;
    const data = this.ctx.data;
    if (find.by === 'key') {
      const given = at(this.args, find.arg.path);
      const keys = Array.isArray(given) ? given : given === null || given === undefined ? [] : [given];
      // Counted against the request's rows before any is read, as `nodes(ids:)` is.
      data.serve(keys.length);
      const out: Row[] = [];
      for (const [i, key] of keys.entries()) {
        const row = await this.byKey(plan.typeName, key);
        out.push(row ?? missing(plan.itemRequired, plan.typeName, key, Array.isArray(given) ? `${find.arg.path}[${i}]` : find.arg.path));
      }
      return out;
    }
    let filter: Filter | undefined;
    if (find.by === 'columns') {
      const given = await this.givenColumns(find);
      if (!given || 'missing' in given) return [];
      filter = given.filter;
    }
    const selection = await data.select({ table, filter });
    const count = Math.min(selection.count, DEFAULT_PAGE_SIZE);
    data.serve(count);
    return data.rowsAt(table, selection.slice(0, count));
  }

  /** The row a key argument names (a Relay global id opened to its key). */
  private byKey(typeName: string, given: unknown): Promise<Row> | Row {
    const type = this.types[typeName];
    const decoded = decodeGlobalId(given);
    const key = decoded && (decoded.name === typeName || decoded.name === type.table) ? decoded.key : (given as Value);
    if (typeof key === 'object' && key !== null) return null;
    return this.ctx.data.byKey(type.table, key);
  }

  /** The column arguments given, as a filter and as values; a reference naming no row is said, not matched. */
  private async givenColumns(find: Extract<Finder, { by: 'columns' }>): Promise<{ filter?: Filter; values: Record<string, Value> } | { missing: { table: string; value: unknown; path: string } } | undefined> {
    const values: Record<string, Value> = {};
    for (const { arg, column, refTable } of find.args) {
      const value = at(this.args, arg.path);
      if (value === null || value === undefined) continue;
      if (typeof value === 'object') return undefined;
      if (typeof value === 'string' && value.length > MAX_COMPARED_TEXT) throw badInput(arg.path, `the mock compares texts of at most ${MAX_COMPARED_TEXT.toLocaleString('en-US')} characters`);
      if (refTable && !(await this.ctx.data.byKey(refTable, value as Value))) return { missing: { table: refTable, value, path: arg.path } };
      values[column] = value as Value;
    }
    const parts: Filter[] = Object.entries(values).map(([column, value]) => ({ column, op: 'eq', value }));
    return { filter: parts.length ? { all: parts } : undefined, values };
  }

  private scalar(plan: Extract<AnswerPlan, { kind: 'value' }>, scope: MockRow[]): unknown {
    const bytes = this.digest(plan.name);
    const hex = bytes.toString('hex');
    switch (plan.role) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'token': {
        const email = this.argNamed((n) => n.endsWith('email'));
        const claims = { sub: scope[0] ? keyText(this.keyOf(scope[0])) : hex.slice(0, 12), ...(typeof email === 'string' ? { email } : {}), iat: ISSUED_AT, exp: EXPIRES_AT };
        const unsigned = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
        return `${unsigned}.${base64url(this.digest(`${plan.name}:signature`))}`;
      }
      case 'url':
        return `https://example.com/mock/${encodeURIComponent(plan.name)}/${hex.slice(0, 16)}`;
      case 'email': {
        const email = this.argNamed((n) => n.endsWith('email'));
        return typeof email === 'string' ? email : `user.${hex.slice(0, 8)}@example.com`;
      }
      case 'message':
        return `${sentence(this.mutation)} succeeded.`;
      case 'key': {
        const same = this.argNamed((n) => n === squash(plan.name));
        const ids = this.sortedArgs().filter(([n, v]) => n.endsWith('id') && v !== null && typeof v !== 'object');
        const key = same ?? (scope[0] ? this.keyOf(scope[0]) : ids.length === 1 ? ids[0][1] : undefined);
        if (key !== undefined && key !== null && typeof key !== 'object') return plan.scalar === 'Int' ? (Number.isSafeInteger(Number(key)) ? Number(key) : bytes.readUInt32BE(0) % 1_000_000) : key;
        return plan.scalar === 'Int' ? bytes.readUInt32BE(0) % 1_000_000 : hex.slice(0, 16);
      }
      case 'count': {
        if (scope.length) return scope.length;
        const lists = this.sortedArgs().filter(([, v]) => Array.isArray(v));
        return lists.length ? (lists[0][1] as unknown[]).length : 1;
      }
      case 'number':
        return plan.scalar === 'Float' ? (bytes.readUInt32BE(0) % 10_000) / 100 : bytes.readUInt32BE(0) % 100;
      case 'date':
        return new Date(DATE_BASE + (bytes.readUInt32BE(0) % (366 * 86_400)) * 1000).toISOString();
      case 'enum':
        return plan.enumValue ?? null;
      case 'json':
        return {};
      default:
        return hex.slice(0, 16);
    }
  }

  /** A row's key as its type shows it (a global id where its key field is one). */
  private keyOf(row: MockRow): Value {
    const typeName = Object.keys(this.types).find((t) => this.types[t].table === row.table)!;
    return shownKey(row, this.types[typeName], typeName);
  }

  /** The arguments and the fields of input objects, by squashed name, in name order. */
  private sortedArgs(): [string, unknown][] {
    const out: [string, unknown][] = [];
    for (const [name, value] of Object.entries(this.args)) {
      if (isObject(value)) for (const [inner, v] of Object.entries(value)) out.push([squash(inner), v]);
      else out.push([squash(name), value]);
    }
    return out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  private argNamed(test: (squashed: string) => boolean): unknown {
    return this.sortedArgs().find(([n, v]) => test(n) && v !== null && v !== undefined)?.[1];
  }
}

/** What a key naming no row answers: null, or where the SDL allows none, an error with the argument's path. */
function missing(required: boolean, what: string, key: unknown, path: string): null {
  if (!required) return null;
  const named = key === null || key === undefined ? '' : ` ${typeof key === 'string' ? key : JSON.stringify(key)}`;
  throw new AppError('NOT_FOUND', path ? `${what}${named} not found: ${path} names no row of it.` : `The mock has no ${what} row to answer with.`, path ? { path } : {});
}

/** `bookTrips` → "Book trips". */
function sentence(name: string): string {
  const text = words(name).join(' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
