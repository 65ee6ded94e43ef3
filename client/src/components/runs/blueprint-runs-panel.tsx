import { asDocument } from '../../lib/blueprint-document';
import { RowsApiCommand } from './rows-api-command';
import { StartRunForm } from './start-run-form';

interface BlueprintRunsPanelProps {
  projectId: string;
  blueprint: { id: string; revision: number; document: unknown };
  canRun: boolean;
}

/** Below the editor: make the saved revision into files or a database, or fetch rows from a script. */
export function BlueprintRunsPanel({ projectId, blueprint, canRun }: BlueprintRunsPanelProps) {
  const tables = asDocument(blueprint.document).tables;
  return (
    <div className="blueprint-runs">
      {canRun && (
        <section aria-labelledby="start-run-heading" className="panel">
          <h2 id="start-run-heading">Start a run</h2>
          <StartRunForm
            projectId={projectId}
            blueprintId={blueprint.id}
            revision={blueprint.revision}
            sizableTables={tables.filter((t) => typeof t.rows === 'number').map((t) => t.name)}
          />
        </section>
      )}
      <section aria-labelledby="rows-api-heading" className="panel">
        <h2 id="rows-api-heading">Rows API</h2>
        <RowsApiCommand blueprintId={blueprint.id} tables={tables.map((t) => t.name)} canCreateKeys={canRun} />
      </section>
    </div>
  );
}
