import { Link } from 'react-router';
import { graphql } from '../../__generated__';
import type { RunsTable_RunFragment } from '../../__generated__/graphql';
import { Timestamp } from '../status';
import { queuePlace, RunProgressBar, RunStatusBadge } from './run-status';

graphql(`
  fragment RunsTable_run on Run {
    id
    status
    revision
    rowsDone
    rowsTotal
    queuePosition
    createdAt
    blueprint {
      id
      name
    }
    target {
      kind
      formats
      database
    }
  }
`);

/** "CSV, JSON" or "database shop": what a run makes, in a few words. */
export function targetSummary(target: RunsTable_RunFragment['target']): string {
  if (target.kind === 'DATABASE') return target.database ? `database ${target.database}` : 'database';
  return (target.formats ?? []).join(', ') || 'files';
}

interface RunsTableProps {
  /** The project's URL, such as `/p/shop-demo`. */
  projectPath: string;
  runs: RunsTable_RunFragment[];
  /** Names the table for assistive technology. */
  caption: string;
}

/** Runs, newest first, each linking to its run page. On a phone each run is a stack of labelled lines. */
export function RunsTable({ projectPath, runs, caption }: RunsTableProps) {
  return (
    <div className="table-scroll">
      <table className="data-table runs-table stacked-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Status</th>
            <th scope="col">Blueprint</th>
            <th scope="col" className="output-cell">
              Output
            </th>
            <th scope="col">Progress</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              <td>
                {/* The visible date leads the link's name (voice control users say what they see); the rest is for screen readers. */}
                <Link to={`${projectPath}/runs/${run.id}`}>
                  <Timestamp value={run.createdAt} />
                  <span className="visually-hidden">, run of {run.blueprint?.name ?? 'a deleted blueprint'}</span>
                </Link>
              </td>
              <td data-label="Status">
                <RunStatusBadge status={run.status} />
                {run.status === 'QUEUED' && run.queuePosition && <div className="hint">{queuePlace(run.queuePosition)}</div>}
              </td>
              <td data-label="Blueprint">
                {run.blueprint ? run.blueprint.name : <span className="hint">deleted blueprint</span>}
                <div className="hint">revision {run.revision}</div>
              </td>
              <td className="output-cell">{targetSummary(run.target)}</td>
              <td className="progress-cell" data-label="Progress">
                <RunProgressBar compact rowsDone={run.rowsDone} rowsTotal={run.rowsTotal} status={run.status} label={`Progress of the run created ${new Date(run.createdAt).toLocaleString()}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
