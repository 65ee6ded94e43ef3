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
 * Creates a blueprint from the starter document. The project page lists
 * blueprints with cache-and-network, so it refreshes when the user returns.
 */
export function useCreateBlueprint() {
  const [mutate, state] = useCreateBlueprintMutation();
  const createBlueprint = useCallback(
    async (projectId: string, name: string) => {
      const { data } = await mutate({ variables: { input: { projectId, document: starterDocument(name) } } });
      return data?.createBlueprint;
    },
    [mutate],
  );
  return [createBlueprint, state] as const;
}
