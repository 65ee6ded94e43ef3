/**
 * Compile-time checks that the generated named hooks are as strictly typed as
 * Apollo's own: `tsc -p client` includes this file, so a regression in
 * client/codegen/named-hooks.cjs fails the type check. Never executed.
 */
import { skipToken } from '@apollo/client/react';
import {
  useCreateProjectMutation,
  useMeQuery,
  useProjectPageQuery,
  useProjectsLazyQuery,
  useProjectsQuery,
} from '../../src/__generated__/hooks';

export function typeChecks() {
  // Result data is the operation's own type, never `any`.
  const me = useMeQuery();
  const name: string | undefined = me.data?.me?.name;
  // @ts-expect-error `me` has no such field
  void me.data?.me?.password;

  // Required variables make the options argument required ...
  // @ts-expect-error missing options
  useProjectsQuery();
  // ... and the variables inside it.
  // @ts-expect-error missing `first`
  useProjectsQuery({ variables: {} });
  // @ts-expect-error wrong variable type
  useProjectsQuery({ variables: { first: 'ten' } });
  const projects = useProjectsQuery({ variables: { first: 10 } });
  const firstId: string | undefined = projects.data?.projects.edges[0]?.node.id;

  // skipToken is accepted in place of options.
  const skipped = useProjectPageQuery(skipToken);
  const maybeProject: string | undefined = skipped.data?.project?.name;

  const [loadProjects] = useProjectsLazyQuery();
  void loadProjects({ variables: { first: 5 } });

  const [createProject] = useCreateProjectMutation();
  void createProject({ variables: { input: { name: 'Shop' } } }).then(({ data }) => {
    const id: string | undefined = data?.createProject.id;
    return id;
  });
  // @ts-expect-error `input.name` is required
  void createProject({ variables: { input: {} } });

  return { name, firstId, maybeProject };
}
