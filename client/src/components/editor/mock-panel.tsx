import { useId, useState, type FormEvent } from 'react';
import { graphql } from '../../__generated__';
import { useMockPanelQuery, useSetMockOriginsMutation } from '../../__generated__/hooks';
import { CopyButton } from '../copy-button';
import { ideHref } from './api-panel';

graphql(`
  query MockPanel($id: ID!) {
    blueprint(id: $id) {
      id
      revision
      mockPath
      mockExample
      mockAnswers {
        field
        kind
        answer
        unbound
      }
      project {
        id
        mockOrigins
      }
    }
  }
`);

graphql(`
  mutation SetMockOrigins($input: SetMockOriginsInput!) {
    setMockOrigins(input: $input) {
      id
      mockOrigins
    }
  }
`);

/** The `fetch` a front end pastes to call the mock; the key stays a variable. */
export function mockFetchSnippet(url: string, query: string): string {
  return `const response = await fetch('${url}', {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: \`Bearer \${SEEDBED_KEY}\` },
  body: JSON.stringify({ query: \`${query.replace(/`/g, '\\`')}\` }),
});
const { data, errors } = await response.json();`;
}

interface MockPanelProps {
  blueprintId: string;
  /** OWNERs and EDITORs may set the origins browsers call the mock from. */
  canEdit: boolean;
}

/** The blueprint's mock GraphQL API: its URL, a first query, a fetch snippet, and the origins allowed to call it. */
export function MockPanel({ blueprintId, canEdit }: MockPanelProps) {
  const id = useId();
  const { data } = useMockPanelQuery({ variables: { id: blueprintId } });
  const blueprint = data?.blueprint;
  if (!blueprint) return null;
  const url = `${window.location.origin}${blueprint.mockPath}`;
  return (
    <section className="api-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Mock GraphQL API</h2>
      <p>
        A backend for your front end before the real one exists: this blueprint’s rows (revision {blueprint.revision}, the document’s seed), the same the rows API
        gives, paged and related both ways. Add <code>?seed=</code> or <code>?revision=</code> for other data.{' '}
        <a href={ideHref(blueprint.mockPath, blueprint.mockExample)} target={`seedbed-mock-${blueprintId}`}>
          Open it in the GraphQL IDE
        </a>
        .
      </p>
      <p>
        <code aria-label="Mock API URL">{url}</code> <CopyButton text={url} label="Copy URL" />
      </p>
      <pre className="code" aria-label="Example mock query" tabIndex={0}>
        <code>{blueprint.mockExample}</code>
      </pre>
      <CopyButton text={blueprint.mockExample} label="Copy query" />
      <pre className="code" aria-label="fetch snippet" tabIndex={0}>
        <code>{mockFetchSnippet(url, blueprint.mockExample)}</code>
      </pre>
      <CopyButton text={mockFetchSnippet(url, blueprint.mockExample)} label="Copy fetch snippet" />
      <MockAnswers answers={blueprint.mockAnswers} />
      <MockOrigins projectId={blueprint.project.id} origins={blueprint.project.mockOrigins} canEdit={canEdit} />
    </section>
  );
}

const KIND_LABELS: Record<string, string> = {
  LOOKUP: 'Lookup',
  LIST: 'List',
  PAGE: 'Page',
  AGGREGATE: 'Aggregate',
  NODE: 'Global id',
  CREATE: 'Create',
  UPDATE: 'Update',
  DELETE: 'Delete',
  ANSWERED: 'Answered, not written',
  UNMAPPED: 'Not mapped (answers an error)',
};

/** How the mock answers each root field and mutation of the imported SDL, as the import reported it; bind the rest in the document's graphql mapping. */
function MockAnswers({ answers }: { answers: readonly { field: string; kind: string; answer: string; unbound: readonly string[] }[] }) {
  if (!answers.length) return null;
  return (
    <div className="table-scroll">
      <table className="data-table stacked-table">
        <caption>How each field of the SDL is answered</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Answered as</th>
            <th scope="col">How</th>
          </tr>
        </thead>
        <tbody>
          {answers.map((a) => (
            <tr key={a.field}>
              <td>
                <code>{a.field}</code>
              </td>
              <td data-label="Answered as">{KIND_LABELS[a.kind] ?? a.kind}</td>
              <td data-label="How">
                {a.answer}
                {a.unbound.map((u) => (
                  <div key={u} className="hint">
                    Not bound: {u}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Browsers call the mock from a dev server's origin (`http://localhost:5173`): the project lists which may (CORS). */
function MockOrigins({ projectId, origins, canEdit }: { projectId: string; origins: readonly string[]; canEdit: boolean }) {
  const id = useId();
  const [text, setText] = useState(origins.join(', '));
  const [save, { loading, error }] = useSetMockOriginsMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ variables: { input: { projectId, origins: text.split(/[\s,]+/).filter(Boolean) } } }).catch(() => {});
  };
  if (!canEdit) return <p className="hint">Browsers may call it from: {origins.length ? origins.join(', ') : 'no other origin (an owner or editor can add one)'}.</p>;
  return (
    <form onSubmit={submit} className="mock-origins">
      <label htmlFor={`${id}-origins`}>Origins browsers may call it from</label>
      <input id={`${id}-origins`} value={text} placeholder="http://localhost:5173" onChange={(e) => setText(e.target.value)} />
      <button type="submit" disabled={loading}>
        Save origins
      </button>
      {error && <p role="alert">{error.message}</p>}
    </form>
  );
}
