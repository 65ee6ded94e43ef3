import { useState } from 'react';
import { graphql } from '../../__generated__';
import type { ApiKeyRow_ApiKeyFragment } from '../../__generated__/graphql';
import { Timestamp } from '../status';
import { roleName } from './role-names';

graphql(`
  fragment ApiKeyRow_apiKey on ApiKey {
    id
    name
    role
    prefix
    last4
    status
    createdAt
    lastUsedAt
    expiresAt
    revokedAt
    createdBy {
      id
      name
    }
  }
`);

interface ApiKeyRowProps {
  apiKey: ApiKeyRow_ApiKeyFragment;
  canRevoke: boolean;
  busy: boolean;
  onRevoke(): void;
}

/** One key: never its secret, only the start and end that identify it. */
export function ApiKeyRow({ apiKey, canRevoke, busy, onRevoke }: ApiKeyRowProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <tr>
      <td>
        {apiKey.name}
        <div className="hint">
          <code>
            {apiKey.prefix}…{apiKey.last4}
          </code>
        </div>
      </td>
      <td data-label="Role">{roleName(apiKey.role)}</td>
      <td data-label="Status">
        <span className={`key-status key-status-${apiKey.status.toLowerCase()}`}>{apiKey.status.charAt(0) + apiKey.status.slice(1).toLowerCase()}</span>
        {apiKey.revokedAt ? (
          <div className="hint">
            <Timestamp value={apiKey.revokedAt} />
          </div>
        ) : apiKey.expiresAt ? (
          <div className="hint">
            {apiKey.status === 'EXPIRED' ? 'expired' : 'expires'} <Timestamp value={apiKey.expiresAt} />
          </div>
        ) : null}
      </td>
      <td data-label="Last used">{apiKey.lastUsedAt ? <Timestamp value={apiKey.lastUsedAt} /> : <span className="hint">never</span>}</td>
      <td data-label="Created">
        <Timestamp value={apiKey.createdAt} />
        {apiKey.createdBy && <div className="hint">by {apiKey.createdBy.name}</div>}
      </td>
      {canRevoke && (
        <td className="actions-cell">
          {apiKey.status !== 'ACTIVE' ? null : confirming ? (
            <span className="button-row" role="group" aria-label={`Confirm revoking ${apiKey.name}`}>
              <button type="button" className="danger small" disabled={busy} onClick={() => { setConfirming(false); onRevoke(); }}>
                Revoke now
              </button>
              <button type="button" className="secondary small" onClick={() => setConfirming(false)} autoFocus>
                Keep
              </button>
            </span>
          ) : (
            <button type="button" className="secondary small" disabled={busy} aria-label={`Revoke ${apiKey.name}`} onClick={() => setConfirming(true)}>
              Revoke
            </button>
          )}
        </td>
      )}
    </tr>
  );
}
