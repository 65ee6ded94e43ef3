import { graphql } from '../__generated__';
import { useProjectRefQuery } from '../__generated__/hooks';

graphql(`
  query ProjectRef($id: ID!) {
    project(id: $id) {
      id
      slug
    }
  }
`);

/**
 * The id of the project a URL names by slug or id. Pages whose hooks update
 * cached queries keyed by the project's id query by it, so those updates land
 * whichever form the URL used. `missing`: no such project (or not a member).
 */
export function useProjectRef(param: string) {
  const { data, loading, error, refetch } = useProjectRefQuery({ variables: { id: param }, fetchPolicy: 'cache-first' });
  return { project: data?.project ?? undefined, missing: data !== undefined && !data.project, loading, error, refetch };
}
