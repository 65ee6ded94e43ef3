import { useState } from 'react';
import type { MemberRow_MembershipFragment, Role } from '../../__generated__/graphql';
import { useRemoveMember, useSetMemberRole } from '../../hooks/use-member-mutations';
import { describeError } from '../../lib/errors';
import { AddMemberForm } from './add-member-form';
import { MemberRow } from './member-row';
import { roleName } from './role-names';

interface MembersSectionProps {
  projectId: string;
  members: MemberRow_MembershipFragment[];
  totalCount: number;
  /** Only an OWNER manages members; everyone else sees the list. */
  canManage: boolean;
  myUserId: string | undefined;
}

/** Who is in the project and with which role. */
export function MembersSection({ projectId, members, totalCount, canManage, myUserId }: MembersSectionProps) {
  const [setMemberRole, roleState] = useSetMemberRole(projectId);
  const [removeMember, removeState] = useRemoveMember(projectId);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');
  const busy = roleState.loading || removeState.loading;

  async function act(work: () => Promise<unknown>, done: string) {
    setMessage('');
    setFailure('');
    try {
      await work();
      setMessage(done);
    } catch (error) {
      // A CONFLICT (the last OWNER) is explained by the server's own message.
      setFailure(describeError(error));
    }
  }

  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">Members ({totalCount})</h2>
      {!canManage && <p className="hint">Only owners can add members or change roles.</p>}
      {failure && (
        <p role="alert" className="error-box">
          {failure}
        </p>
      )}
      <div className="table-scroll">
        <table className="data-table stacked-table">
          <caption className="visually-hidden">Members</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Role</th>
              <th scope="col">Added</th>
              {canManage && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const isSelf = member.user.id === myUserId;
              return (
                <MemberRow
                  key={member.id}
                  member={member}
                  isSelf={isSelf}
                  canManage={canManage}
                  busy={busy}
                  onSetRole={(role: Role) =>
                    void act(() => setMemberRole(member.id, role, isSelf), `${member.user.name} is now ${roleName(role).toLowerCase()}.`)
                  }
                  onRemove={() => void act(() => removeMember(member.id), `Removed ${member.user.name}.`)}
                />
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="status-line" role="status" aria-live="polite">
        {message}
      </p>
      {canManage && <AddMemberForm projectId={projectId} />}
    </section>
  );
}
