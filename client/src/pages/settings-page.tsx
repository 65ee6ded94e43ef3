import { useParams } from 'react-router';
import { useSettingsPageQuery } from '../__generated__/hooks';
import { ProjectNav } from '../components/project-nav';
import { ApiKeysSection } from '../components/settings/api-keys-section';
import { MembersSection } from '../components/settings/members-section';
import { ErrorMessage, Loading } from '../components/status';
import { useDocumentTitle } from '../hooks/use-document-title';
import { MEMBERS_PAGE_SIZE } from '../hooks/use-member-mutations';
import { useSession } from '../hooks/use-session';
import { NotFound } from './not-found-page';

/** `/p/:project/settings`: members and roles, API keys. */
export function SettingsPage() {
  const { project: projectId = '' } = useParams();
  const { user } = useSession();
  const { data, loading, error, refetch } = useSettingsPageQuery({
    variables: { id: projectId, firstMembers: MEMBERS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const project = data?.project;
  useDocumentTitle(project ? `Settings · ${project.name}` : data ? 'Not found' : undefined);

  if (error && !data) return <ErrorMessage error={error} retry={refetch} />;
  if (loading && !data) return <Loading label="Loading settings" />;
  if (!project) return <NotFound what="project" />;

  const { members } = project;
  return (
    <>
      <ProjectNav projectId={project.id} projectName={project.name} />
      <h1>Settings</h1>
      <p className="meta">Your role: {project.myRole.toLowerCase()}</p>
      <MembersSection
        projectId={project.id}
        members={members.edges.map((e) => e.node)}
        totalCount={members.totalCount}
        canManage={project.myRole === 'OWNER'}
        myUserId={user?.id}
      />
      {members.pageInfo.hasNextPage && <p className="hint">Showing the first {members.edges.length} members.</p>}
      {project.myRole === 'VIEWER' ? (
        <section aria-labelledby="api-keys-heading">
          <h2 id="api-keys-heading">API keys</h2>
          <p className="hint">Owners and editors create and revoke this project's API keys.</p>
        </section>
      ) : (
        <ApiKeysSection projectId={project.id} />
      )}
    </>
  );
}
