/**
 * How a mock answers each root field and mutation of its SDL, in words: what
 * the import reports for review, and what the editor's Mock API tab shows.
 * Read from the same resolved mapping the mock serves through.
 */
import { buildSchema, getNamedType, type GraphQLSchema } from 'graphql';
import type { GraphqlArgBinding, GraphqlArgs, GraphqlRootMapping } from '@seedbed/engine';
import { planText } from './answer-plan';
import { DEFAULT_PAGE_SIZE } from './sdl-bindings';
import { resolveMapping, type ResolvedMapping } from './resolve-mapping';
import type { GraphqlDocumentKey } from './sdl-mapping';

export type MockAnswerKind = 'LOOKUP' | 'LIST' | 'PAGE' | 'AGGREGATE' | 'NODE' | 'CREATE' | 'UPDATE' | 'DELETE' | 'ANSWERED' | 'UNMAPPED';

export interface MockAnswer {
  /** `Query.characters`, `Mutation.createUser`, `Subscription.users`. */
  field: string;
  kind: MockAnswerKind;
  /** The table it reads or writes. */
  table: string | null;
  /** How it is answered, in words. */
  answer: string;
  /** Its arguments nothing binds (the mock ignores them, and says so in each answer's extensions), with why. */
  unbound: string[];
}

function binding(arg: string, b: GraphqlArgBinding): string {
  if ('eq' in b) return `${arg} = ${b.eq}${b.globalId ? ' (a global id)' : ''}`;
  if ('in' in b) return `${arg}: ${b.in} is one of the values${b.globalId ? ' (global ids)' : ''}`;
  if ('filter' in b) return `${arg}: filter (fields ${b.filter === 'contains' ? 'contain their text, any case' : 'equal their values'}; operators such as _eq, equalTo, contains; and/or/not)`;
  if ('page' in b) return `${arg}: ${b.page === 'page' ? 'page number' : b.page === 'pageSize' ? 'page size' : b.page}`;
  if ('order' in b) return `${arg}: order`;
  return `${arg}: ignored (${b.ignore})`;
}

function argsText(m: GraphqlArgs | { args: string[] | Record<string, GraphqlArgBinding> }, numbered = false): string {
  const args = m.args && !Array.isArray(m.args) ? Object.entries(m.args).map(([a, b]) => binding(a, b)) : [];
  const size = 'pageSize' in m && m.pageSize ? m.pageSize : numbered ? DEFAULT_PAGE_SIZE : undefined;
  return [...args, ...(size ? [`${size} rows per page`] : [])].join('; ');
}

function rootAnswer(m: GraphqlRootMapping, live: boolean): Pick<MockAnswer, 'kind' | 'table' | 'answer'> {
  const again = live ? ' — live: answered at once and again after each write to the mock' : '';
  if ('node' in m) return { kind: 'NODE', table: null, answer: `the row of any type for each global id given${again}` };
  if ('lookup' in m) {
    const how = argsText(m);
    return { kind: 'LOOKUP', table: m.lookup, answer: `one row of ${m.lookup}${how ? ` where ${how}` : ' (its first)'}${again}` };
  }
  const numbered = Object.values(m.args ?? {}).some((b) => 'page' in b && b.page === 'page');
  const how = argsText(m, numbered);
  if ('aggregate' in m) return { kind: 'AGGREGATE', table: m.aggregate, answer: `an aggregate (count, min, max, sum, avg) of ${m.aggregate}${how ? `; ${how}` : ''}${again}` };
  return { kind: m.connection ? 'PAGE' : 'LIST', table: m.list, answer: `${m.connection ? `a page of ${m.list}, counts and page fields agreeing with its rows` : `rows of ${m.list}`}${how ? `; ${how}` : ''}${again}` };
}

export function describeMock(schema: GraphQLSchema, m: ResolvedMapping): MockAnswer[] {
  const out: MockAnswer[] = [];
  const unboundOf = (path: string) =>
    Object.entries(m.unbound)
      .filter(([key]) => key.startsWith(`${path}(`))
      .map(([key, why]) => `${key.slice(path.length + 1, -1)}: ${why}`);
  const roots = (type: ReturnType<GraphQLSchema['getQueryType']>, mapped: Record<string, GraphqlRootMapping>, live: boolean) => {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const path = `${type!.name}.${field.name}`;
      const root = mapped[field.name];
      if (!root) out.push({ field: path, kind: 'UNMAPPED', table: null, answer: m.unbound[path] ?? 'not mapped: the mock answers an error', unbound: [] });
      else out.push({ field: path, ...rootAnswer(root, live), unbound: unboundOf(path) });
    }
  };
  roots(schema.getQueryType(), m.roots, false);
  roots(schema.getSubscriptionType(), m.subscriptions, true);
  const mutation = schema.getMutationType();
  for (const field of Object.values(mutation?.getFields() ?? {})) {
    const path = `${mutation!.name}.${field.name}`;
    const w = m.mutations[field.name];
    if (!w) {
      const plan = m.answers[field.name];
      const table = plan.kind === 'row' || plan.kind === 'rows' ? plan.table : null;
      const why = m.unbound[path] ? ` (${m.unbound[path].replace(/: map it by hand.*$/, '')})` : '';
      out.push({ field: path, kind: 'ANSWERED', table, answer: `answered, not written${why}: ${planText(plan)}. To write, map it in graphql.mapping.mutations as a create, update or delete`, unbound: [] });
      continue;
    }
    const returns = getNamedType(field.type).name;
    const from = (path?: string) => (path === undefined ? '' : path === '' ? 'its arguments' : path);
    const what =
      w.op === 'create'
        ? `creates ${w.values && /s$/.test(w.values) ? 'rows' : 'a row'} of ${w.table} from ${from(w.values)}`
        : `${w.op === 'update' ? 'changes' : 'deletes'} the ${w.where !== undefined ? `rows of ${w.table} that ${w.where} selects` : `row of ${w.table} whose key is ${w.key}`}${w.op === 'update' ? ` with ${[w.values !== undefined ? from(w.values) : '', w.inc ? `${w.inc} added` : ''].filter(Boolean).join(' and ')}` : ''}`;
    out.push({ field: path, kind: w.op.toUpperCase() as MockAnswerKind, table: w.table, answer: `${what}, kept in the mock's overlay until resetMock; answers what it wrote as ${returns}`, unbound: [] });
  }
  return out;
}

/** How a document's mock answers its SDL's root fields and mutations (empty without an SDL, or with one that does not build). */
export function mockAnswersOf(key: GraphqlDocumentKey | undefined): MockAnswer[] {
  if (!key) return [];
  let schema: GraphQLSchema;
  try {
    schema = buildSchema(key.sdl);
  } catch {
    return [];
  }
  return describeMock(schema, resolveMapping(schema, key.mapping));
}
