import { useCallback } from 'react';
import { graphql } from '../__generated__';
import { useDeleteProjectMutation, useRenameProjectMutation } from '../__generated__/hooks';

graphql(`
  mutation RenameProject($input: UpdateProjectInput!) {
    updateProject(input: $input) {
      id
      name
      slug
    }
  }
`);

graphql(`
  mutation DeleteProject($id: ID!) {
    deleteProject(id: $id)
  }
`);

/** Renames a project; the answer updates every cached view of it by id. The slug (its URL) stays. */
export function useRenameProject() {
  const [mutate, state] = useRenameProjectMutation();
  const rename = useCallback(async (id: string, name: string) => (await mutate({ variables: { input: { id, name } } })).data?.updateProject, [mutate]);
  return [rename, state] as const;
}

/** Deletes a project and forgets it, so the project list no longer shows it. */
export function useDeleteProject() {
  const [mutate, state] = useDeleteProjectMutation();
  const remove = useCallback(
    async (id: string) => {
      await mutate({
        variables: { id },
        update(cache, { data }) {
          if (!data?.deleteProject) return;
          cache.evict({ id: cache.identify({ __typename: 'Project', id }) });
          // The list's totalCount is refreshed from the server when it is shown next (cache-and-network).
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'projects' });
          cache.gc();
        },
      });
    },
    [mutate],
  );
  return [remove, state] as const;
}
