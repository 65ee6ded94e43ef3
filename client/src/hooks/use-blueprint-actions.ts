import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../__generated__';
import { BlueprintDocumentDocument } from '../__generated__/graphql';
import { useDeleteBlueprintMutation } from '../__generated__/hooks';
import { useCreateBlueprintFromDocument } from './use-create-blueprint';

graphql(`
  query BlueprintDocument($id: ID!) {
    blueprint(id: $id) {
      id
      name
      document
    }
  }
`);

graphql(`
  mutation DeleteBlueprint($id: ID!) {
    deleteBlueprint(id: $id)
  }
`);

/** A blueprint's name with " copy" (or " copy 2", ...) that no listed blueprint has yet. */
export function copyName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  const base = `${name} copy`;
  if (!used.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) if (!used.has(`${base} ${i}`.toLowerCase())) return `${base} ${i}`;
}

/** Copies the current revision of a blueprint under a fresh name; the copy starts at revision 1. */
export function useDuplicateBlueprint() {
  const client = useApolloClient();
  const [create, state] = useCreateBlueprintFromDocument();
  const duplicate = useCallback(
    async (projectId: string, blueprintId: string, takenNames: readonly string[]) => {
      const { data } = await client.query({ query: BlueprintDocumentDocument, variables: { id: blueprintId }, fetchPolicy: 'network-only' });
      const source = data?.blueprint;
      if (!source) throw new Error('That blueprint no longer exists.');
      const document = { ...(source.document as Record<string, unknown>), name: copyName(source.name, takenNames) };
      return create(projectId, document);
    },
    [client, create],
  );
  return [duplicate, state] as const;
}

/** Deletes a blueprint and drops it from the cache, so every list showing it updates. */
export function useDeleteBlueprint() {
  const [mutate, state] = useDeleteBlueprintMutation();
  const remove = useCallback(
    async (id: string) => {
      await mutate({
        variables: { id },
        update(cache, { data }) {
          if (!data?.deleteBlueprint) return;
          cache.evict({ id: cache.identify({ __typename: 'Blueprint', id }) });
          cache.gc();
        },
      });
    },
    [mutate],
  );
  return [remove, state] as const;
}
