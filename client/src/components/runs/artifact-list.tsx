import type { RunDetails_RunFragment } from '../../__generated__/graphql';
import { formatBytes } from '../../lib/format';

type Artifact = RunDetails_RunFragment['artifacts'][number];

/** One download per file (a table in a format), with its size and checksum to verify it. */
export function ArtifactList({ artifacts }: { artifacts: Artifact[] }) {
  return (
    <ul className="artifact-list" aria-label="Files">
      {artifacts.map((artifact) => (
        <li key={artifact.name} className="card">
          <a href={artifact.url} download={artifact.name} className="card-title">
            <span className="visually-hidden">Download </span>
            {artifact.name}
          </a>
          <span className="meta">
            table {artifact.table} · {artifact.format} · {formatBytes(artifact.size)}
          </span>
          <span className="meta sha">
            SHA-256 <code>{artifact.sha256}</code>
          </span>
        </li>
      ))}
    </ul>
  );
}
