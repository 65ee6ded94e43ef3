import { useState } from 'react';
import { graphql } from '../../__generated__';
import type { MemberRow_MembershipFragment, Role } from '../../__generated__/graphql';
import { Timestamp } from '../status';
import { roleName, ROLES } from './role-names';

graphql(`
  fragment MemberRow_membership on Membership {
    id
    role
    createdAt
    user {
      id
      name
      email
    }
  }
`);

interface MemberRowProps {
  member: MemberRow_MembershipFragment;
  isSelf: boolean;
  canManage: boolean;
  busy: boolean;
  onSetRole(role: Role): void;
  onRemove(): void;
}

/** One member; an OWNER can change the role or remove them (after a confirmation). */
export function MemberRow({ member, isSelf, canManage, busy, onSetRole, onRemove }: MemberRowProps) {
  const [confirming, setConfirming] = useState(false);
  const name = member.user.name;
  return (
    <tr>
      <td>
        {name}
        {isSelf && <span className="badge">you</span>}
        <div className="hint email">{member.user.email}</div>
      </td>
      <td data-label="Role">
        {canManage ? (
          <select aria-label={`Role of ${name}`} value={member.role} disabled={busy} onChange={(e) => onSetRole(e.target.value as Role)}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {roleName(role)}
              </option>
            ))}
          </select>
        ) : (
          roleName(member.role)
        )}
      </td>
      <td data-label="Added">
        <Timestamp value={member.createdAt} />
      </td>
      {canManage && (
        <td className="actions-cell">
          {confirming ? (
            <span className="button-row" role="group" aria-label={`Confirm removing ${name}`}>
              <button type="button" className="danger small" disabled={busy} onClick={() => { setConfirming(false); onRemove(); }}>
                Remove {isSelf ? 'yourself' : name}
              </button>
              <button type="button" className="secondary small" onClick={() => setConfirming(false)} autoFocus>
                Keep
              </button>
            </span>
          ) : (
            <button type="button" className="secondary small" disabled={busy} aria-label={`Remove ${name}`} onClick={() => setConfirming(true)}>
              Remove
            </button>
          )}
        </td>
      )}
    </tr>
  );
}
