import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../copy-button';

interface ApiPanelProps {
  blueprintId: string;
  table: string | undefined;
  /** Whether the caller may create API keys; a VIEWER is not sent to do what they cannot. */
  canCreateKeys: boolean;
  settingsPath: string;
}

let ideFetched = false;

/**
 * Fetches the IDE's scripts and styles into the browser's cache while the API
 * tab is read, so opening the IDE from it parses them rather than waiting on
 * 2.4 MB first. Their names change with each build, so they are read from the
 * IDE's own page (a few hundred bytes).
 */
function prefetchIde() {
  if (ideFetched) return;
  ideFetched = true;
  void fetch('/graphql', { headers: { accept: 'text/html' }, credentials: 'same-origin' })
    .then((response) => response.text())
    .then((html) => {
      for (const [, href] of html.matchAll(/(?:src|href)="(\/ide\/[^"]+\.(?:js|css))"/g)) {
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.href = href;
        document.head.append(link);
      }
    })
    .catch(() => undefined);
}

/** The IDE's address opening with `query` (the IDE reads `?query=`). */
export function ideHref(endpoint: string, query: string): string {
  return `${endpoint}?${new URLSearchParams({ query })}`;
}

/** The same blueprint through the GraphQL API: the IDE, and a query to start from. */
export function ApiPanel({ blueprintId, table, canCreateKeys, settingsPath }: ApiPanelProps) {
  const id = useId();
  useEffect(prefetchIde, []);
  const query = `query {
  preview(input: { blueprintId: "${blueprintId}", table: "${table ?? ''}", limit: 5 }) {
    columns { name type }
    rows
  }
}`;
  return (
    <section className="api-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>GraphQL API</h2>
      <p>
        Everything the editor does goes through one GraphQL API.{' '}
        {/* One IDE tab per blueprint, named for it: a second click comes back to it with this query rather than opening another. */}
        <a href={ideHref('/graphql', query)} target={`seedbed-ide-${blueprintId}`}>
          Open the GraphQL IDE with this query
        </a>{' '}
        (signed in as you, in a tab of its own):
      </p>
      <pre className="code" aria-label="Example query" tabIndex={0}>
        <code>{query}</code>
      </pre>
      <CopyButton text={query} label="Copy query" />
      <p className="hint">
        {canCreateKeys ? (
          <>
            Scripts and CI send an API key instead of a session: <Link to={settingsPath}>create one in the project’s settings</Link>.
          </>
        ) : (
          'Scripts and CI send an API key instead of a session; an owner or editor of the project can create one.'
        )}
      </p>
    </section>
  );
}
