/**
 * A document's `graphql` mapping with its gaps bound by convention: what the
 * mock serves through, what the import writes out, and what the import
 * report and the Mock API tab say is left unbound. The document's own
 * bindings win; a legacy list of key arguments is rebound by convention.
 */
import { isObjectType, type GraphQLField, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { GraphqlArgBinding, GraphqlArgs, GraphqlMapping, GraphqlMutationMapping, GraphqlRootMapping, GraphqlTypeMapping } from '@seedbed/engine';
import { planAnswer, type AnswerPlan } from './answer-plan';
import { bindByConvention } from './sdl-bindings';
import { classify, type SchemaKinds } from './sdl-kinds';

/** A document's mapping with its gaps bound by convention: what the mock serves, and what the import and the Mock API tab report. */
export interface ResolvedMapping {
  types: Record<string, GraphqlTypeMapping>;
  roots: Record<string, GraphqlRootMapping>;
  subscriptions: Record<string, GraphqlRootMapping>;
  mutations: Record<string, GraphqlMutationMapping>;
  /** Mutations neither the document nor the convention maps to a write: answered in their declared type from their arguments, writing nothing. */
  answers: Record<string, AnswerPlan>;
  wrappers: Record<string, Record<string, string>>;
  /** Per type, per list field: the bindings of its arguments. */
  fieldArgs: Record<string, Record<string, GraphqlArgs>>;
  /** Root fields and arguments nothing binds, by path, with why. */
  unbound: Record<string, string>;
}

type ArgsOf = { args?: string[] | Record<string, GraphqlArgBinding>; pageSize?: number };

/** The document's own bindings where it has them (a legacy list of key arguments is rebound by convention), else the convention's. */
function argsOf(own: ArgsOf, convention: GraphqlArgs | undefined): GraphqlArgs {
  const args = own.args && !Array.isArray(own.args) ? own.args : (convention?.args ?? {});
  return { args, pageSize: own.pageSize ?? convention?.pageSize };
}

export function resolveMapping(schema: GraphQLSchema, mapping: GraphqlMapping, kinds: SchemaKinds = classify(schema)): ResolvedMapping {
  const convention = bindByConvention(schema, mapping.types, kinds);
  const merge = (own: Record<string, GraphqlRootMapping> | undefined, conv: Record<string, GraphqlRootMapping>) => {
    const out: Record<string, GraphqlRootMapping> = { ...conv };
    for (const [name, m] of Object.entries(own ?? {})) {
      const c = conv[name];
      out[name] = 'node' in m ? m : ({ ...m, ...argsOf(m as ArgsOf, c && !('node' in c) ? (c as GraphqlArgs) : undefined) } as GraphqlRootMapping);
    }
    return out;
  };
  const wrappers: Record<string, Record<string, string>> = {};
  for (const name of new Set([...Object.keys(convention.wrappers), ...Object.keys(mapping.wrappers ?? {})])) wrappers[name] = { ...convention.wrappers[name], ...mapping.wrappers?.[name] };
  const fieldArgs: Record<string, Record<string, GraphqlArgs>> = {};
  for (const [typeName, type] of Object.entries(mapping.types)) {
    for (const [fieldName, field] of Object.entries(type.fields)) {
      if ('children' in field || 'junction' in field || 'aggregate' in field) (fieldArgs[typeName] ??= {})[fieldName] = argsOf(field, convention.fieldArgs[typeName]?.[fieldName]);
    }
  }
  const resolved = {
    types: mapping.types,
    roots: merge(mapping.roots, convention.roots),
    subscriptions: merge(mapping.subscriptions, convention.subscriptions),
    mutations: { ...convention.mutations, ...(mapping.mutations ?? {}) },
    wrappers,
    fieldArgs,
  };
  const answers: Record<string, AnswerPlan> = {};
  const wrapperNames = new Set(Object.keys(wrappers));
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    if (!resolved.mutations[field.name]) answers[field.name] = planAnswer(field, schema, mapping.types, wrapperNames);
  }
  return { ...resolved, answers, unbound: unboundOf(schema, resolved, convention.unbound) };
}

/** Root fields, mutations and arguments that nothing binds once the document's and the convention's bindings are merged, with why. */
function unboundOf(schema: GraphQLSchema, m: Omit<ResolvedMapping, 'unbound' | 'answers'>, reasons: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const args = (path: string, field: GraphQLField<unknown, unknown>, bound: Record<string, GraphqlArgBinding> | string[] | undefined) => {
    for (const arg of field.args) if (!bound || Array.isArray(bound) || !(arg.name in bound)) out[`${path}(${arg.name})`] = reasons[`${path}(${arg.name})`] ?? 'not bound: the mock ignores it';
  };
  const roots = (type: GraphQLObjectType | null | undefined, mapped: Record<string, GraphqlRootMapping>) => {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const path = `${type!.name}.${field.name}`;
      const root = mapped[field.name];
      if (!root) out[path] = reasons[path] ?? 'not mapped: the mock answers an error';
      else if (!('node' in root)) args(path, field, root.args);
    }
  };
  roots(schema.getQueryType(), m.roots);
  roots(schema.getSubscriptionType(), m.subscriptions);
  const mutation = schema.getMutationType();
  for (const field of Object.values(mutation?.getFields() ?? {})) {
    const path = `${mutation!.name}.${field.name}`;
    // Answered without writing (answer-plan.ts); why it is no write is said in the report.
    if (!m.mutations[field.name]) out[path] = reasons[path] ?? 'not mapped to a create, update or delete';
  }
  for (const [typeName, fields] of Object.entries(m.fieldArgs)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) continue;
    for (const [fieldName, bound] of Object.entries(fields)) {
      const field = type.getFields()[fieldName];
      if (field) args(`${typeName}.${fieldName}`, field, bound.args);
    }
  }
  return out;
}
