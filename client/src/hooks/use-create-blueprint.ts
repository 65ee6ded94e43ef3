import { useCallback } from 'react';
import { graphql } from '../__generated__';
import { useCreateBlueprintMutation } from '../__generated__/hooks';
import { starterDocument } from '../lib/blueprint-document';

graphql(`
  mutation CreateBlueprint($input: CreateBlueprintInput!) {
    createBlueprint(input: $input) {
      id
      name
      description
      revision
      updatedAt
    }
  }
`);

/**
 * Creates a blueprint (revision 1) from a whole document: a template, a copy,
 * an uploaded import, the starter. The one place `createBlueprint` is sent.
 * The new blueprint lands in the cache by its id; the project page lists
 * blueprints with cache-and-network, so that list refreshes from the server
 * when the user returns rather than being patched here.
 */
export function useCreateBlueprintFromDocument() {
  const [mutate, state] = useCreateBlueprintMutation();
  const create = useCallback(
    async (projectId: string, document: unknown) => (await mutate({ variables: { input: { projectId, document } } })).data?.createBlueprint,
    [mutate],
  );
  return [create, state] as const;
}

/** Creates a blueprint from the starter document under the given name. */
export function useCreateBlueprint() {
  const [create, state] = useCreateBlueprintFromDocument();
  const createBlueprint = useCallback((projectId: string, name: string) => create(projectId, starterDocument(name)), [create]);
  return [createBlueprint, state] as const;
}
