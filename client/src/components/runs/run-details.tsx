import { Link } from 'react-router';
import { graphql } from '../../__generated__';
import type { RunDetails_RunFragment } from '../../__generated__/graphql';
import { formatCount } from '../../lib/format';
import { Timestamp } from '../status';
import { ArtifactList } from './artifact-list';
import { CancelRunButton } from './cancel-run-button';
import { isActive, queuePlace, RunProgressBar, RunStatusBadge } from './run-status';

graphql(`
  fragment RunDetails_run on Run {
    id
    status
    revision
    seed
    rowsDone
    rowsTotal
    attempts
    queuePosition
    error
    createdAt
    startedAt
    finishedAt
    expiresAt
    requestedBy {
      id
      name
    }
    blueprint {
      id
      name
    }
    target {
      kind
      formats
      dialect
      gzip
      host
      database
      truncate
    }
    artifacts {
      name
      table
      format
      size
      sha256
      url
    }
  }
`);

type Target = RunDetails_RunFragment['target'];

function describeTarget(target: Target): string {
  if (target.kind === 'DATABASE') {
    const where = [target.database, target.host && `on ${target.host}`].filter(Boolean).join(' ');
    return `PostgreSQL database ${where}${target.truncate ? ', emptied first' : ''}`;
  }
  const formats = (target.formats ?? []).join(', ');
  const sql = target.formats?.includes('SQL') && target.dialect ? ` (SQL for ${target.dialect.toLowerCase()})` : '';
  return `Files: ${formats}${sql}${target.gzip ? ', gzip-compressed' : ''}`;
}

interface RunDetailsProps {
  projectId: string;
  run: RunDetails_RunFragment;
  canCancel: boolean;
  /** A live-updates problem to mention beside the progress (the page then polls instead). */
  liveProblem?: string;
}

/** Everything about one run: where it stands, where its rows go, and its files. */
export function RunDetails({ projectId, run, canCancel, liveProblem }: RunDetailsProps) {
  const active = isActive(run.status);
  return (
    <div className="run-details">
      <div className="run-heading">
        <RunStatusBadge status={run.status} />
        {active && canCancel && <CancelRunButton runId={run.id} />}
      </div>
      <RunProgressBar rowsDone={run.rowsDone} rowsTotal={run.rowsTotal} status={run.status} label="Progress of the run" />
      <p className="status-line" role="status" aria-live="polite">
        {run.status === 'QUEUED' && `Waiting for a worker${run.queuePosition ? ` · ${queuePlace(run.queuePosition)}` : ''}…`}
        {run.status === 'RUNNING' && 'Generating rows…'}
        {run.status === 'SUCCEEDED' && 'Finished.'}
        {liveProblem && ` ${liveProblem}`}
      </p>
      {run.error && (
        <div role="alert" className="error-box">
          <p>
            <strong>{run.status === 'CANCELLED' ? 'Stopped:' : 'Error:'}</strong> {run.error}
          </p>
        </div>
      )}
      {run.status === 'EXPIRED' && (
        <p className="info-box">The files of this run were deleted when its retention ended. Start the run again to make them anew: same revision and seed, same bytes.</p>
      )}

      <dl className="run-facts">
        <dt>Blueprint</dt>
        <dd>{run.blueprint ? <Link to={`/p/${projectId}/blueprints/${run.blueprint.id}`}>{run.blueprint.name}</Link> : 'deleted blueprint'}</dd>
        <dt>Revision · seed</dt>
        <dd>
          {run.revision} · {run.seed}
        </dd>
        <dt>Output</dt>
        <dd>{describeTarget(run.target)}</dd>
        <dt>Rows</dt>
        <dd>{formatCount(run.rowsTotal)}</dd>
        <dt>Attempts</dt>
        <dd>{run.attempts}</dd>
        <dt>Requested by</dt>
        <dd>{run.requestedBy?.name ?? 'an API key'}</dd>
        <dt>Created</dt>
        <dd>
          <Timestamp value={run.createdAt} />
        </dd>
        <dt>Started</dt>
        <dd>{run.startedAt ? <Timestamp value={run.startedAt} /> : '—'}</dd>
        <dt>Finished</dt>
        <dd>{run.finishedAt ? <Timestamp value={run.finishedAt} /> : '—'}</dd>
        {run.expiresAt && (
          <>
            <dt>{run.status === 'EXPIRED' ? 'Files deleted' : 'Files kept until'}</dt>
            <dd>
              <Timestamp value={run.expiresAt} />
            </dd>
          </>
        )}
      </dl>

      {run.target.kind === 'FILES' && (
        <section aria-labelledby="files-heading">
          <h2 id="files-heading">Files</h2>
          {run.artifacts.length > 0 ? (
            <ArtifactList artifacts={run.artifacts} />
          ) : (
            <p className="empty">{active ? 'The files appear here when the run has finished.' : 'This run has no files.'}</p>
          )}
        </section>
      )}
    </div>
  );
}
