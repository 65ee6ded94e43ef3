import type { Dispatch } from 'react';
import { Link } from 'react-router';
import type { BlueprintEditor_BlueprintFragment } from '../../__generated__/graphql';
import type { DraftAction } from '../../hooks/use-blueprint-draft';
import { asDocument, type BlueprintDocument } from '../../lib/blueprint-document';
import type { LocatedIssue } from '../../lib/document-issues';
import { StartRunForm } from '../runs/start-run-form';
import { ApiPanel } from './api-panel';
import { MockPanel } from './mock-panel';
import { BlueprintSettings } from './blueprint-settings';
import { DownloadPanel } from './download-panel';
import { EditorTabs, type EditorTab } from './editor-tabs';
import { RelationshipGraph } from './relationship-graph';
import { RevisionHistory } from './revision-history';

/** What the panels need to know about the blueprint's project and the caller. */
export interface EditorPanelsContext {
  blueprint: BlueprintEditor_BlueprintFragment;
  canEdit: boolean;
  projectId: string;
  /** The project's part of the URL (its slug). */
  projectPath: string;
  /** OWNER or EDITOR: may create API keys. */
  canCreateKeys: boolean;
}

interface EditorPanelsProps {
  tab: string;
  onTab(id: string): void;
  context: EditorPanelsContext;
  /** The document on screen (the draft, or an old revision being viewed). */
  document: BlueprintDocument;
  selected: number;
  issues: readonly LocatedIssue[];
  readOnly: boolean;
  dirty: boolean;
  dispatch: Dispatch<DraftAction>;
  viewing: number | null;
  opening: number | null;
  onView(number: number): void;
}

/** The tabs below the grid and preview: everything about the blueprint that is not one table's fields. */
export function EditorPanels({ tab, onTab, context, document, selected, issues, readOnly, dirty, dispatch, viewing, opening, onView }: EditorPanelsProps) {
  const { blueprint, canEdit } = context;
  const saved = asDocument(blueprint.document);
  const documentIssues = issues.filter((i) => i.table === undefined);
  const tabs: EditorTab[] = [
    {
      id: 'relationships',
      label: 'Relationships',
      render: () => <RelationshipGraph document={document} selected={selected} onSelect={(index) => dispatch({ type: 'selectTable', index })} />,
    },
    {
      id: 'settings',
      label: 'Settings',
      badge: documentIssues.length ? `${documentIssues.length} !` : undefined,
      render: () => <BlueprintSettings document={document} issues={issues} readOnly={readOnly} dispatch={dispatch} />,
    },
    {
      id: 'history',
      label: 'History',
      badge: String(blueprint.revisions.totalCount),
      render: () => (
        <RevisionHistory
          blueprintId={blueprint.id}
          revisions={blueprint.revisions}
          draft={dirty && viewing === null ? document : undefined}
          current={blueprint.revision}
          viewing={viewing}
          loadingNumber={opening}
          onView={onView}
        />
      ),
    },
    {
      id: 'runs',
      label: 'Runs',
      render: () => (
        <section aria-labelledby="start-run-heading" className="runs-tab" data-own-undo>
          <h2 id="start-run-heading">{canEdit ? 'Start a run' : 'Runs'}</h2>
          {canEdit ? (
            <>
              <p className="hint">A run makes any number of rows of the saved revision ({blueprint.revision}) into files or a PostgreSQL database.{dirty && ' Save first to include your changes.'}</p>
              <StartRunForm projectId={context.projectId} blueprintId={blueprint.id} revision={blueprint.revision} sizableTables={saved.tables.filter((t) => typeof t.rows === 'number').map((t) => t.name)} />
            </>
          ) : (
            <p className="hint">Runs make files or fill databases from a saved revision; owners and editors start them.</p>
          )}
          <p>
            <Link to={`/p/${context.projectPath}/runs`}>All runs of this project</Link>
          </p>
        </section>
      ),
    },
    {
      id: 'download',
      label: 'Download',
      render: () => (
        <DownloadPanel
          blueprintId={blueprint.id}
          revision={blueprint.revision}
          tables={saved.tables.map((t) => t.name)}
          selectedTable={document.tables[selected]?.name}
          dirty={dirty}
          canCreateKeys={context.canCreateKeys}
        />
      ),
    },
    {
      id: 'api',
      label: 'API',
      render: () => <ApiPanel blueprintId={blueprint.id} table={saved.tables[0]?.name} canCreateKeys={context.canCreateKeys} settingsPath={`/p/${context.projectPath}/settings`} />,
    },
    {
      id: 'mock',
      label: 'Mock API',
      // Its origins input keeps the browser's own undo (the mock helper owns the panel itself).
      render: () => (
        <div data-own-undo>
          <MockPanel blueprintId={blueprint.id} canEdit={canEdit} />
        </div>
      ),
    },
  ];
  return <EditorTabs tabs={tabs} active={tab} onSelect={onTab} />;
}
