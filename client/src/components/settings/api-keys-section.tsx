import { useState } from 'react';
import { useProjectApiKeysQuery } from '../../__generated__/hooks';
import { API_KEYS_PAGE_SIZE, useRevokeApiKey } from '../../hooks/use-api-key-mutations';
import { describeError } from '../../lib/errors';
import { ErrorMessage, Loading } from '../status';
import { ApiKeyRow } from './api-key-row';
import { CreateApiKeyForm } from './create-api-key-form';

/** The project's API keys, for an OWNER or EDITOR (the server shows them to no one else). */
export function ApiKeysSection({ projectId }: { projectId: string }) {
  const { data, loading, error, refetch } = useProjectApiKeysQuery({
    variables: { id: projectId, first: API_KEYS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [revokeApiKey, { loading: revoking }] = useRevokeApiKey();
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');
  const apiKeys = data?.project?.apiKeys;

  async function onRevoke(id: string, name: string) {
    setMessage('');
    setFailure('');
    try {
      await revokeApiKey(id);
      setMessage(`Revoked “${name}”. Requests with it are refused from now on.`);
    } catch (e) {
      setFailure(describeError(e));
    }
  }

  return (
    <section aria-labelledby="api-keys-heading">
      <h2 id="api-keys-heading">API keys{apiKeys ? ` (${apiKeys.totalCount})` : ''}</h2>
      <p className="hint">
        For scripts and CI: send <code>Authorization: Bearer sbk_…</code>. A key acts in this project only, with its own role.
      </p>
      <CreateApiKeyForm projectId={projectId} />
      {failure && (
        <p role="alert" className="error-box">
          {failure}
        </p>
      )}
      {error && !apiKeys ? (
        <ErrorMessage error={error} retry={refetch} />
      ) : loading && !apiKeys ? (
        <Loading label="Loading API keys" />
      ) : !apiKeys || apiKeys.edges.length === 0 ? (
        <p className="empty">No API keys yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table stacked-table">
            <caption className="visually-hidden">API keys</caption>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Last used</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {apiKeys.edges.map(({ node }) => (
                <ApiKeyRow key={node.id} apiKey={node} canRevoke busy={revoking} onRevoke={() => void onRevoke(node.id, node.name)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="status-line" role="status" aria-live="polite">
        {message}
      </p>
    </section>
  );
}
