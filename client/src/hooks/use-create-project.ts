import { useCallback } from 'react';
import { graphql } from '../__generated__';
import { ProjectsDocument } from '../__generated__/graphql';
import { useCreateProjectMutation } from '../__generated__/hooks';

/** The project list shows one page; PRODUCT.md §9 caps `first` at 100. */
export const PROJECTS_PAGE_SIZE = 100;

graphql(`
  mutation CreateProject($input: CreateProjectInput!) {
    createProject(input: $input) {
      ...ProjectListItem
    }
  }
`);

/**
 * Creates a project and adds it to the cached project list, so the list
 * updates without another request. Projects are listed oldest first, so the
 * new one goes last, and only when the cached page is the final one.
 */
export function useCreateProject() {
  const [mutate, state] = useCreateProjectMutation({
    update(cache, { data }) {
      if (!data) return;
      const project = data.createProject;
      cache.updateQuery({ query: ProjectsDocument, variables: { first: PROJECTS_PAGE_SIZE } }, (list) => {
        if (!list) return undefined;
        const { projects } = list;
        if (projects.edges.some((e) => e.node.id === project.id)) return undefined;
        return {
          ...list,
          projects: {
            ...projects,
            totalCount: projects.totalCount + 1,
            edges: projects.pageInfo.hasNextPage
              ? projects.edges
              : [...projects.edges, { __typename: 'ProjectEdge' as const, node: project }],
          },
        };
      });
    },
  });
  const createProject = useCallback(
    async (name: string) => {
      const { data } = await mutate({ variables: { input: { name } } });
      return data?.createProject;
    },
    [mutate],
  );
  return [createProject, state] as const;
}
