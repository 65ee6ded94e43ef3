import { useState } from 'react';
import { Link } from 'react-router';
import { copyName, useDeleteBlueprint, useDuplicateBlueprint } from '../hooks/use-blueprint-actions';
import { describeError } from '../lib/errors';
import type { ProjectRef } from '../lib/project-path';
import { Timestamp } from './status';

export interface BlueprintListItem {
  id: string;
  name: string;
  description?: string | null;
  revision: number;
  updatedAt: string;
}

/** The editor's URL under a project's URL (`/p/shop-demo`). */
export function editorPath(projectUrl: string, blueprintId: string): string {
  return `${projectUrl}/blueprints/${blueprintId}`;
}

interface BlueprintListProps {
  project: ProjectRef;
  /** The project's URL in the form the page was reached by (slug or id). */
  projectUrl: string;
  blueprints: BlueprintListItem[];
  canEdit: boolean;
  /** After a copy or a delete, so counts and order come from the server. */
  onChanged(): void;
}

/** The project's blueprints; editors can duplicate or delete each (deleting asks first). */
export function BlueprintList({ project, projectUrl, blueprints, canEdit, onChanged }: BlueprintListProps) {
  const [duplicate, { loading: duplicating }] = useDuplicateBlueprint();
  const [remove, { loading: removing }] = useDeleteBlueprint();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');
  const busy = duplicating || removing;

  async function act(work: () => Promise<string>) {
    setMessage('');
    setFailure('');
    try {
      setMessage(await work());
      onChanged();
    } catch (e) {
      setFailure(describeError(e));
    }
  }

  const onDuplicate = (b: BlueprintListItem) =>
    act(async () => {
      const copy = await duplicate(project.id, b.id, blueprints.map((x) => x.name));
      return `Copied “${b.name}” as “${copy?.name ?? copyName(b.name, [])}”.`;
    });
  const onDelete = (b: BlueprintListItem) =>
    act(async () => {
      setConfirming(null);
      await remove(b.id);
      return `Deleted “${b.name}” and its revisions.`;
    });

  return (
    <>
      {failure && (
        <p role="alert" className="error-box">
          {failure}
        </p>
      )}
      <div className="table-scroll">
        <table className="data-table stacked-table">
          <caption className="visually-hidden">Blueprints</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Revision</th>
              <th scope="col">Updated</th>
              {canEdit && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {blueprints.map((b) => (
              <tr key={b.id}>
                <td>
                  <Link to={editorPath(projectUrl, b.id)}>{b.name}</Link>
                  {b.description && <div className="hint">{b.description}</div>}
                </td>
                <td data-label="Revision">{b.revision}</td>
                <td data-label="Updated">
                  <Timestamp value={b.updatedAt} />
                </td>
                {canEdit && (
                  <td className="actions-cell">
                    {confirming === b.id ? (
                      <span className="button-row" role="group" aria-label={`Confirm deleting ${b.name}`}>
                        <button type="button" className="danger small" disabled={busy} onClick={() => void onDelete(b)}>
                          Delete {b.name}
                        </button>
                        <button type="button" className="secondary small" onClick={() => setConfirming(null)} autoFocus>
                          Keep
                        </button>
                      </span>
                    ) : (
                      <span className="button-row">
                        <button type="button" className="secondary small" disabled={busy} aria-label={`Duplicate ${b.name}`} onClick={() => void onDuplicate(b)}>
                          Duplicate
                        </button>
                        <button type="button" className="secondary small" disabled={busy} aria-label={`Delete ${b.name}`} onClick={() => setConfirming(b.id)}>
                          Delete
                        </button>
                      </span>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="status-line" role="status" aria-live="polite">
        {message}
      </p>
    </>
  );
}
