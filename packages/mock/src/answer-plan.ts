/**
 * What a mutation no create, update or delete mapping covers answers
 * (`login(email)`, `bookTrips(launchIds)`, `likePost(id)`, `markAllAsRead`):
 * a plan read from its declared return type and its arguments, once per
 * schema. Entities come from the arguments that name them (`id`, `launchId`,
 * `launchIds` for a payload's `launches`, `email` for `login`'s user);
 * scalars by their name and type. answer-values.ts makes the answer from it;
 * nothing is written, and the import report says so (describe.ts).
 */
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import type { GraphqlTypeMapping } from '@seedbed/engine';
import { singular, squash } from './naming';

/** An argument, or a field of an input object argument (`input.launchIds`), that may name rows. */
export interface ArgAt {
  /** Its path in the arguments (`launchIds`, `input.postId`). */
  path: string;
  name: string;
  list: boolean;
}

/** How an entity position finds its rows. */
export type Finder =
  /** The argument holds keys (one, or a list). */
  | { by: 'key'; arg: ArgAt }
  /** The rows whose columns equal these arguments (`login(email)`); a single row none matches is a deterministic one showing them. `refTable`: the argument is a reference, which must name a row of that table. */
  | { by: 'columns'; args: { arg: ArgAt; column: string; refTable?: string }[] }
  /** No argument names it: the table's first row (as `me` answers), or its first page. */
  | { by: 'first' };

/** What a scalar answers, by its name and type. */
export type ValueRole = 'true' | 'false' | 'token' | 'url' | 'email' | 'message' | 'key' | 'count' | 'number' | 'date' | 'enum' | 'json' | 'id';

export type AnswerPlan =
  | { kind: 'row'; typeName: string; table: string; find: Finder; required: boolean }
  | { kind: 'rows'; typeName: string; table: string; find: Finder; itemRequired: boolean }
  | { kind: 'object'; typeName: string; wrapper: boolean; fields: [string, AnswerPlan][]; required: boolean }
  | { kind: 'value'; role: ValueRole; scalar: string; name: string; enumValue?: string }
  /** A list of values or of non-entity objects: empty. */
  | { kind: 'empty' }
  /** Nothing to answer with (a type nested too deep, or met again inside itself). */
  | { kind: 'null' };

/** Nested object types planned, at most: payloads are shallow; deeper is a cycle or a schema the mock does not guess into. */
const MAX_DEPTH = 4;
const TOKEN = /token|jwt|session|secret|apikey|credential/;
const URL_LIKE = /url|uri$|href|link$|avatar|image|photo|picture|upload|file/;
const MESSAGE = /message|msg|detail|description|reason|text|info|status|result|error/;
const COUNT = /count|total|affected|number|num$|rows$/;
const DATE = /(date|time|at|on)$/;

export function planAnswer(field: GraphQLField<unknown, unknown>, schema: GraphQLSchema, types: Record<string, GraphqlTypeMapping>, wrappers: Set<string>): AnswerPlan {
  return new Planner(schema, types, wrappers, argsOf(field), field.name).plan(field.type, field.name, true, true, 0, new Set());
}

/** The arguments, and the fields of input object arguments (`input: { postId }`), that a plan may read. */
function argsOf(field: GraphQLField<unknown, unknown>): ArgAt[] {
  const out: ArgAt[] = [];
  const add = (name: string, type: GraphQLInputType, path: string) => {
    const named = getNamedType(type);
    if (isInputObjectType(named)) return;
    out.push({ path, name, list: isListType(getNullableType(type)) });
  };
  for (const arg of field.args) {
    const named = getNamedType(arg.type);
    if (isInputObjectType(named) && !isListType(getNullableType(arg.type))) for (const f of Object.values(named.getFields())) add(f.name, f.type, `${arg.name}.${f.name}`);
    else add(arg.name, arg.type, arg.name);
  }
  return out;
}

class Planner {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly types: Record<string, GraphqlTypeMapping>,
    private readonly wrappers: Set<string>,
    private readonly args: ArgAt[],
    private readonly mutation: string,
  ) {}

  /**
   * `main`: the position is the mutation's own result, or its payload's only entity field: a bare `id` argument names it.
   * `sole`: no other field beside it is of its entity type: an argument named by the type (`postId`) names it.
   */
  plan(type: GraphQLOutputType, name: string, main: boolean, sole: boolean, depth: number, seen: Set<string>): AnswerPlan {
    const required = isNonNullType(type);
    const inner = getNullableType(type);
    if (isListType(inner)) {
      const entity = this.entityOf(getNamedType(inner));
      if (!entity) return { kind: 'empty' };
      return { kind: 'rows', typeName: entity, table: this.types[entity].table, find: this.finder(entity, name, true, main, sole), itemRequired: isNonNullType(inner.ofType) };
    }
    const named = getNamedType(inner);
    const entity = this.entityOf(named);
    if (entity) return { kind: 'row', typeName: entity, table: this.types[entity].table, find: this.finder(entity, name, false, main, sole), required };
    if (isEnumType(named)) return { kind: 'value', role: 'enum', scalar: named.name, name, enumValue: named.getValues()[0]?.name };
    // A union or interface of no one entity (`LoginResult = LoginSuccess | LoginError`): its first member that does not read as a failure.
    const object = isUnionType(named) || isInterfaceType(named) ? this.successMember(named) : isObjectType(named) ? named : undefined;
    if (object && this.types[object.name]) return { kind: 'row', typeName: object.name, table: this.types[object.name].table, find: this.finder(object.name, name, false, main, sole), required };
    if (object) {
      if (depth >= MAX_DEPTH || seen.has(object.name)) return { kind: 'null' };
      const fields = Object.values(object.getFields());
      const entityOfField = new Map(fields.map((f) => [f.name, this.entityOf(getNamedType(f.type))]));
      const entityFields = fields.filter((f) => entityOfField.get(f.name));
      const alone = (f: GraphQLField<unknown, unknown>) => entityFields.filter((other) => entityOfField.get(other.name) === entityOfField.get(f.name)).length === 1;
      const inside = new Set([...seen, object.name]);
      return {
        kind: 'object',
        typeName: object.name,
        wrapper: this.wrappers.has(object.name),
        fields: fields.map((f) => [f.name, this.plan(f.type, f.name, main && entityFields.length === 1, sole && alone(f), depth + 1, inside)]),
        required,
      };
    }
    return { kind: 'value', role: scalarRole(name, named.name, main, this.mutation), scalar: named.name, name };
  }

  private successMember(type: GraphQLNamedType): GraphQLObjectType | undefined {
    const members = isUnionType(type) ? type.getTypes() : this.schema.getPossibleTypes(type as never);
    const success = members.filter((m) => !/error|fail|invalid|problem|denied|unauthori[sz]ed|forbidden|notfound/i.test(m.name));
    return success.find((m) => this.types[m.name]) ?? success[0] ?? members[0];
  }

  private entityOf(named: GraphQLNamedType): string | undefined {
    if (this.types[named.name]) return named.name;
    if (isUnionType(named) || isInterfaceType(named)) {
      const members = (isUnionType(named) ? named.getTypes() : this.schema.getPossibleTypes(named)).filter((t) => this.types[t.name]);
      return members.length === 1 ? members[0].name : undefined;
    }
    return undefined;
  }

  /** The arguments naming an entity position's rows: its keys by name (`launchIds` for `launches`, `postId` for a Post, `id` when it is the result), else its columns' values. */
  private finder(typeName: string, name: string, list: boolean, main: boolean, sole: boolean): Finder {
    const type = this.types[typeName];
    const keyField = Object.entries(type.fields).find(([, f]) => 'column' in f && f.column === type.key)?.[0];
    const nouns = [...new Set([squash(singular(name)), ...(sole ? [squash(typeName), squash(singular(type.table))] : [])])];
    const one = [...nouns.map((n) => `${n}id`), ...(main ? ['id', 'nodeid', ...(keyField ? [squash(keyField)] : [])] : [])];
    const many = [...nouns.map((n) => `${n}ids`), ...(main ? ['ids', 'nodeids'] : [])];
    const named = (names: string[], asList: boolean) => this.args.find((a) => a.list === asList && names.includes(squash(a.name)));
    const key = (list ? named(many, true) : undefined) ?? named(one, false);
    if (key) return { by: 'key', arg: key };
    if (main) {
      const columns: { arg: ArgAt; column: string; refTable?: string }[] = [];
      for (const arg of this.args.filter((a) => !a.list)) {
        const column = Object.entries(type.fields).find(([f, m]) => 'column' in m && squash(f) === squash(arg.name))?.[1] as { column: string } | undefined;
        if (column) columns.push({ arg, column: column.column });
        // `vote(linkId)` for a Vote whose `link` is a reference: the rows referring to that link.
        const ref = Object.entries(type.fields).find(([f, m]) => 'ref' in m && `${squash(f)}id` === squash(arg.name))?.[1] as { ref: string; table: string } | undefined;
        if (!column && ref) columns.push({ arg, column: ref.ref, refTable: ref.table });
      }
      if (columns.length) return { by: 'columns', args: columns };
    }
    return { by: 'first' };
  }
}

/** A scalar's role by its name (`token`, `message`, `avatarUrl`, `count`) and type; `main`: it is the mutation's own result, named by the mutation. */
function scalarRole(name: string, scalar: string, main: boolean, mutation: string): ValueRole {
  const n = squash(name);
  if (scalar === 'Boolean') {
    // `unfollowUser { isFollowing }` is false after it; a one-page answer has no page after it.
    if (/^has(next|more|prev)/.test(n) || (/^(is|has)/.test(n) && /^(un|cancel|remove|leave|revoke|disable|deactivate|clear)/i.test(mutation))) return 'false';
    return 'true';
  }
  // `login(email): String`, as Apollo's tutorial first had it: the session's token.
  if (TOKEN.test(n) || (main && /^(log|sign)(in|on|up)|auth|register|refresh/.test(n) && scalar !== 'Int')) return 'token';
  if (/json/i.test(scalar)) return 'json';
  if (scalar === 'Int' || scalar === 'Float') return COUNT.test(n) || main ? 'count' : /(^id|id)$/.test(n) ? 'key' : 'number';
  if ((!main && (n === 'id' || n.endsWith('id'))) || (main && scalar === 'ID')) return 'key';
  if (n.endsWith('email')) return 'email';
  if (URL_LIKE.test(n)) return 'url';
  if (DATE.test(n) || /date|time/i.test(scalar)) return 'date';
  if (scalar === 'ID') return 'id';
  if (MESSAGE.test(n) || main || scalar === 'String') return 'message';
  return 'id';
}

/** A plan in words, for the import report and the Mock API tab. */
export function planText(plan: AnswerPlan): string {
  switch (plan.kind) {
    case 'row':
      return `the ${plan.typeName} ${finderText(plan.find, false)}${plan.find.by === 'key' ? (plan.required ? ' (an error when none is)' : ' (null when none is)') : ''}`;
    case 'rows':
      return `the ${plan.typeName} rows ${finderText(plan.find, true)}`;
    case 'object': {
      const parts = plan.fields.filter(([, p]) => p.kind !== 'null' && p.kind !== 'empty').map(([name, p]) => `${name}: ${planText(p)}`);
      return `${plan.typeName}${parts.length ? ` with ${parts.join('; ')}` : ''}`;
    }
    case 'value':
      return VALUE_TEXT[plan.role].replace('ENUM', plan.enumValue ?? 'null');
    default:
      return plan.kind === 'empty' ? 'an empty list' : 'null';
  }
}

function finderText(find: Finder, list: boolean): string {
  if (find.by === 'key') return `whose key${find.arg.list ? 's' : ''} ${find.arg.path} ${find.arg.list ? 'lists' : 'names'}`;
  if (find.by === 'columns') return `whose ${find.args.map((a) => `${a.column} is ${a.arg.path}`).join(' and ')}${list ? '' : ' (else a deterministic one showing them)'}`;
  return list ? 'of the table’s first page' : '(the table’s first, as a lookup without arguments)';
}

const VALUE_TEXT: Record<ValueRole, string> = {
  true: 'true',
  false: 'false',
  token: 'a token made from the arguments (JWT-shaped)',
  url: 'a URL made from the arguments',
  email: 'the email argument, else one made from the arguments',
  message: 'a short sentence',
  key: 'the key of the row answered (or the argument of its name)',
  count: 'how many rows it names',
  number: 'a number made from the arguments',
  date: 'a date made from the arguments',
  enum: 'ENUM',
  json: '{}',
  id: 'an id made from the arguments',
};
