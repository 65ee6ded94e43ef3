import { useParams } from 'react-router';
import { useSettingsPageQuery } from '../__generated__/hooks';
import { ProjectNav } from '../components/project-nav';
import { ApiKeysSection } from '../components/settings/api-keys-section';
import { MembersSection } from '../components/settings/members-section';
import { ProjectSection } from '../components/settings/project-section';
import { ErrorMessage, Loading } from '../components/status';
import { useDocumentTitle } from '../hooks/use-document-title';
import { MEMBERS_PAGE_SIZE } from '../hooks/use-member-mutations';
import { useProjectRef } from '../hooks/use-project-ref';
import { useSession } from '../hooks/use-session';
import { NotFound } from './not-found-page';

/** `/p/:project/settings`: the project itself (OWNER), members and roles, API keys. */
export function SettingsPage() {
  const { project: param = '' } = useParams();
  const ref = useProjectRef(param);
  if (ref.error && !ref.project) return <ErrorMessage error={ref.error} retry={ref.refetch} />;
  if (ref.missing) return <NotFound what="project" />;
  if (!ref.project) return <Loading label="Loading settings" />;
  return <ProjectSettings projectId={ref.project.id} />;
}

function ProjectSettings({ projectId }: { projectId: string }) {
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
      <ProjectNav projectId={project.id} projectSlug={project.slug} projectName={project.name} />
      <h1>Settings</h1>
      <p className="meta">Your role: {project.myRole.toLowerCase()}</p>
      {project.myRole === 'OWNER' && <ProjectSection project={project} />}
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
          <p className="hint">
            As a viewer you cannot create or see this project's API keys: ask an owner or editor for a key, or read the data in the app.
          </p>
        </section>
      ) : (
        <ApiKeysSection projectId={project.id} />
      )}
    </>
  );
}
