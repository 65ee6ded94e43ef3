/**
 * A graphql-codegen plugin that emits one named, fully typed React hook per
 * operation (useProjectsQuery, useCreateProjectMutation, ...) as thin wrappers
 * over the client preset's typed documents.
 *
 * Why not @graphql-codegen/typescript-react-apollo: its output does not
 * type-check against Apollo Client 4 (hooks moved to @apollo/client/react and
 * their option/result types became namespaces). The wrappers here only name
 * things; all typing comes from Apollo's own signatures and the preset's
 * TypedDocumentNodes, so they stay correct as either evolves.
 *
 * Output (per operation, names follow the preset's naming convention):
 *   query X        -> useXQuery, useXLazyQuery
 *   mutation X     -> useXMutation
 *   subscription X -> useXSubscription
 * Options are required when the operation has a required variable without a
 * default, exactly as Apollo's own hooks require them. Return types are left
 * to inference from Apollo's own overloads (a hand-written `useQuery.Result`
 * would widen `data` to its partial form).
 */
const { Kind } = require('graphql');
const { pascalCase } = require('change-case-all');

/**
 * The preset's name conversion: with no `namingConvention` configured that is
 * pascalCase applied between underscores (visitor-plugin-common's default),
 * done here directly because that package pulls in ESM-only dependencies
 * that jest cannot load; a configured convention is delegated to it.
 */
function converter(config) {
  if (config.namingConvention) {
    const { convertFactory } = require('@graphql-codegen/visitor-plugin-common');
    const convert = converter(config);
    return (name) => convert(name);
  }
  return (name) => name.split('_').map((part) => pascalCase(part)).join('_');
}

const SUFFIX = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' };

/** True when a caller must pass variables: a non-null variable with no default. */
function hasRequiredVariables(operation) {
  return (operation.variableDefinitions || []).some(
    (v) => v.type.kind === Kind.NON_NULL_TYPE && v.defaultValue == null,
  );
}

function operationsOf(documents) {
  const seen = new Map();
  for (const file of documents) {
    if (!file.document) continue;
    for (const def of file.document.definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION) continue;
      if (!def.name) {
        throw new Error(`named-hooks: every operation needs a name (anonymous ${def.operation} in ${file.location})`);
      }
      const name = def.name.value;
      if (seen.has(name)) {
        throw new Error(`named-hooks: operation name "${name}" is used twice (${seen.get(name).location} and ${file.location})`);
      }
      seen.set(name, { def, location: file.location });
    }
  }
  return [...seen.values()].map((o) => o.def).sort((a, b) => a.name.value.localeCompare(b.name.value));
}

function hooksFor(operation, convert, config) {
  const kind = operation.operation;
  const suffix = SUFFIX[kind];
  const name = operation.name.value;
  // Mirror typescript-operations: `dedupeOperationSuffix` drops a doubled suffix,
  // `omitOperationSuffix` drops it altogether; the type prefix/suffix wrap types only.
  let typeSuffix = suffix;
  if (config.omitOperationSuffix) typeSuffix = '';
  else if (config.dedupeOperationSuffix && name.toLowerCase().endsWith(suffix.toLowerCase())) typeSuffix = '';
  const typeName = (s) => `${config.typesPrefix || ''}${convert(s)}${config.typesSuffix || ''}`;
  const result = typeName(name + typeSuffix);
  const variables = typeName(`${name}${typeSuffix}Variables`);
  const documentName = convert(`${config.documentVariablePrefix || ''}${name}${config.documentVariableSuffix ?? 'Document'}`);
  // `query MeQuery` gets useMeQuery and useMeLazyQuery, not useMeQueryQuery.
  const base = convert(name);
  const stem = base.endsWith(suffix) && base !== suffix ? base.slice(0, -suffix.length) : base;
  const hookBase = stem + suffix;
  const optional = hasRequiredVariables(operation) ? '' : '?';

  const types = [result, variables];
  const values = [documentName];
  const out = [];
  if (kind === 'query') {
    out.push(
      `/** Runs \`${operation.name.value}\`; \`skipToken\` skips it. */`,
      `export function use${hookBase}(options${optional}: useQuery.Options<${result}, ${variables}> | SkipToken) {`,
      `  return useQuery<${result}, ${variables}>(${documentName}, options);`,
      `}`,
      ``,
      `/** Runs \`${operation.name.value}\` when the returned execute function is called. */`,
      `export function use${stem}LazyQuery(options?: useLazyQuery.Options<${result}, ${variables}>) {`,
      `  return useLazyQuery<${result}, ${variables}>(${documentName}, options);`,
      `}`,
    );
  } else if (kind === 'mutation') {
    out.push(
      `/** Returns [mutate, result] for \`${operation.name.value}\`. */`,
      `export function use${hookBase}(options?: useMutation.Options<${result}, ${variables}>) {`,
      `  return useMutation<${result}, ${variables}>(${documentName}, options);`,
      `}`,
    );
  } else {
    out.push(
      `/** Subscribes to \`${operation.name.value}\`; \`skipToken\` skips it. */`,
      `export function use${hookBase}(options${optional}: useSubscription.Options<${result}, ${variables}> | SkipToken) {`,
      `  return useSubscription<${result}, ${variables}>(${documentName}, options);`,
      `}`,
    );
  }
  return { kind, types, values, code: out.join('\n') };
}

module.exports = {
  plugin(_schema, documents, config) {
    const convert = converter(config);
    const hooks = operationsOf(documents).map((op) => hooksFor(op, convert, config));
    const used = new Set(hooks.map((h) => h.kind));
    const apollo = [];
    if (used.has('query')) apollo.push('useQuery', 'useLazyQuery');
    if (used.has('mutation')) apollo.push('useMutation');
    if (used.has('subscription')) apollo.push('useSubscription');

    const header = [
      '/* eslint-disable */',
      '// Generated by client/codegen/named-hooks.cjs from the operations in client/src (`npm run codegen`). Do not edit.',
    ];
    if (hooks.length === 0) return [...header, 'export {};', ''].join('\n');

    const imports = [
      `import { ${apollo.join(', ')} } from '@apollo/client/react';`,
      ...(used.has('query') || used.has('subscription') ? [`import type { SkipToken } from '@apollo/client/react';`] : []),
      `import { ${hooks.flatMap((h) => h.values).join(', ')} } from './graphql';`,
      `import type { ${hooks.flatMap((h) => h.types).join(', ')} } from './graphql';`,
    ];
    return [...header, ...imports, '', hooks.map((h) => h.code).join('\n\n'), ''].join('\n');
  },
  validate(_schema, _documents, _config, outputFile) {
    if (!/\.tsx?$/.test(outputFile)) throw new Error(`named-hooks: output must be a .ts file, got ${outputFile}`);
  },
};
