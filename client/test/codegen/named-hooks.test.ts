import { buildSchema, parse } from 'graphql';

// The plugin is plain CommonJS so graphql-codegen can load it without a build step.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const namedHooks = require('../../codegen/named-hooks.cjs') as {
  plugin(schema: unknown, documents: { location: string; document: unknown }[], config: Record<string, unknown>): string;
};

const schema = buildSchema(`
  type Query { me: String, project(id: ID!): String }
  type Mutation { rename(id: ID!, name: String = "x"): String }
  type Subscription { tick(count: Int): String, progress(id: ID!): String }
`);

function generate(source: string, config: Record<string, unknown> = {}) {
  return namedHooks.plugin(schema, [{ location: 'a.tsx', document: parse(source) }], config);
}

describe('named-hooks codegen plugin', () => {
  it('emits a named hook per operation kind over the typed documents', () => {
    const out = generate(`
      query Me { me }
      mutation Rename($id: ID!) { rename(id: $id) }
      subscription Tick { tick }
    `);
    expect(out).toContain("import { useQuery, useLazyQuery, useMutation, useSubscription } from '@apollo/client/react';");
    expect(out).toContain("import { MeDocument, RenameDocument, TickDocument } from './graphql';");
    expect(out).toContain('export function useMeQuery(options?: useQuery.Options<MeQuery, MeQueryVariables> | SkipToken)');
    expect(out).toContain('return useQuery<MeQuery, MeQueryVariables>(MeDocument, options);');
    expect(out).toContain('export function useMeLazyQuery(');
    expect(out).toContain('export function useRenameMutation(options?: useMutation.Options<RenameMutation, RenameMutationVariables>)');
    expect(out).toContain('export function useTickSubscription(options?: useSubscription.Options<TickSubscription, TickSubscriptionVariables> | SkipToken)');
  });

  it('makes options required exactly when a variable is required and has no default', () => {
    const out = generate(`
      query Project($id: ID!) { project(id: $id) }
      query Maybe($id: ID! = "1") { project(id: $id) }
      subscription Progress($id: ID!) { progress(id: $id) }
    `);
    expect(out).toContain('export function useProjectQuery(options: ');
    expect(out).toContain('export function useMaybeQuery(options?: ');
    expect(out).toContain('export function useProgressSubscription(options: ');
  });

  it('does not double a suffix the operation name already has', () => {
    const out = generate('query MeQuery { me }', { dedupeOperationSuffix: true });
    expect(out).toContain('export function useMeQuery(options?: useQuery.Options<MeQuery, MeQueryVariables>');
    expect(out).toContain('export function useMeLazyQuery(');
    expect(out).toContain('MeQueryDocument');
  });

  it('refuses anonymous and duplicate operation names, which could not be given a hook name', () => {
    expect(() => generate('query { me }')).toThrow(/needs a name/);
    expect(() =>
      namedHooks.plugin(
        schema,
        [
          { location: 'a.tsx', document: parse('query Me { me }') },
          { location: 'b.tsx', document: parse('query Me { me }') },
        ],
        {},
      ),
    ).toThrow(/used twice/);
  });
});
