/** @jest-environment jsdom */
import '../support/jsdom-polyfills';
import { ApolloClient, ApolloLink, InMemoryCache, type FetchResult } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Observable, type Subscriber } from 'rxjs';
import { ImportPage } from '../../src/pages/import-page';

type Answer = (variables: Record<string, any>) => FetchResult;

/** A server that answers each operation by name, and records what the import screen sent. */
function fakeServer(answers: Record<string, Answer>) {
  const sent: { operation: string; variables: Record<string, any> }[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((subscriber: Subscriber<FetchResult>) => {
        sent.push({ operation: operation.operationName ?? '', variables: operation.variables });
        const answer = answers[operation.operationName ?? ''];
        subscriber.next(answer ? answer(operation.variables) : ({ data: null, errors: [{ message: `no answer for ${operation.operationName}` }] } as FetchResult));
        subscriber.complete();
      }),
  );
  return { client: new ApolloClient({ link, cache: new InMemoryCache() }), sent };
}

const project = () => ({ data: { project: { __typename: 'Project', id: 'p1', name: 'Shop', myRole: 'EDITOR' } } });

const importPreview = () => ({
  data: {
    importPreview: {
      __typename: 'ImportPreview',
      document: {
        seedbed: 1,
        name: 'people',
        tables: [
          {
            name: 'people',
            rows: 120,
            primaryKey: 'id',
            fields: [
              { name: 'id', generator: 'sequence' },
              { name: 'status', generator: 'weighted', options: { values: { active: 80, banned: 20 } }, nullRate: 0.05 },
              { name: 'notes', generator: 'lorem.sentence' },
            ],
          },
        ],
      },
      report: [
        { __typename: 'ImportDecision', path: 'tables[0].fields[0]', table: 'people', field: 'id', generator: 'sequence', confidence: 0.95, reason: 'every value is a distinct integer counting up', details: null },
        {
          __typename: 'ImportDecision',
          path: 'tables[0].fields[1]',
          table: 'people',
          field: 'status',
          generator: 'weighted',
          confidence: 0.9,
          reason: 'a category: 2 distinct labels',
          details: { observed: { nullRate: 0.05, distinct: 2, frequencies: { active: 0.8, banned: 0.2 } } },
        },
        { __typename: 'ImportDecision', path: 'tables[0].fields[2]', table: 'people', field: 'notes', generator: 'lorem.sentence', confidence: 0.3, reason: 'free text with no recognisable format', details: null },
      ],
      skipped: [{ __typename: 'ImportSkipped', path: 'people.tags', kind: 'column', name: 'tags', reason: 'mixed types in one column' }],
    },
  },
});

function renderPage(answers: Record<string, Answer>) {
  const server = fakeServer({ ImportPage: project, Preview: () => ({ data: null, errors: [{ message: 'not in this test', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }) as FetchResult, ...answers });
  render(
    <ApolloProvider client={server.client}>
      <MemoryRouter initialEntries={['/p/p1/import']}>
        <Routes>
          <Route path="/p/:project/import" element={<ImportPage />} />
        </Routes>
      </MemoryRouter>
    </ApolloProvider>,
  );
  return server;
}

const paste = (text: string) => fireEvent.change(screen.getByLabelText('Schema or sample'), { target: { value: text } });

describe('ImportPage', () => {
  it('detects the source from pasted text until the user picks one', async () => {
    renderPage({});
    const source = (await screen.findByLabelText('Source')) as HTMLSelectElement;
    paste('CREATE TABLE `users` (`id` int) ENGINE=InnoDB;');
    expect(source.value).toBe('MYSQL_DDL');
    expect(screen.getByText('Detected MySQL / MariaDB DDL: its tables name an ENGINE.')).toBeTruthy();
    fireEvent.change(source, { target: { value: 'SQLITE_DDL' } });
    paste('[{"id": 1}]');
    expect(source.value).toBe('SQLITE_DDL');
    expect(screen.getByText(/You picked this; the text looks like JSON or NDJSON sample/)).toBeTruthy();
  });

  it('moves a pasted postgres:// URL into a password input', async () => {
    renderPage({});
    await screen.findByLabelText('Source');
    paste('postgres://app:secret@localhost:5432/shop');
    const url = screen.getByLabelText('Database URL') as HTMLInputElement;
    expect(url.type).toBe('password');
    expect(url.value).toBe('postgres://app:secret@localhost:5432/shop');
    expect(screen.queryByLabelText('Schema or sample')).toBeNull();
    expect((screen.getByLabelText('Source') as HTMLSelectElement).value).toBe('POSTGRES_URL');
  });

  it("shows the server's refusal beside the input its path names, labelled as the form labels it", async () => {
    const server = renderPage({
      ImportPreview: () => ({ data: null, errors: [{ message: 'CSV_SAMPLE imports are not available yet.', extensions: { code: 'BAD_USER_INPUT', path: 'input.source' } }] }) as FetchResult,
    });
    await screen.findByLabelText('Source');
    paste('id,name\n1,Ada\n');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Source CSV_SAMPLE imports are not available yet.');
    const source = screen.getByLabelText('Source');
    expect(source.getAttribute('aria-invalid')).toBe('true');
    expect(source.getAttribute('aria-describedby')).toContain(alert.id);
    expect(server.sent.find((s) => s.operation === 'ImportPreview')?.variables.input).toEqual({ projectId: 'p1', source: 'CSV_SAMPLE', text: 'id,name\n1,Ada\n' });
    expect(screen.getByRole('status').textContent).toBe('Not reviewed: one problem, shown beside the input.');
  });

  it('asks for text before calling the server', async () => {
    const server = renderPage({});
    await screen.findByLabelText('Source');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Text Paste a schema or sample, or choose a file.');
    expect(server.sent.some((s) => s.operation === 'ImportPreview')).toBe(false);
  });

  it('reviews: fields with generator, reason and confidence, low ones marked, sample figures side by side, what was left out', async () => {
    renderPage({ ImportPreview: importPreview });
    await screen.findByLabelText('Source');
    paste('[{"id": 1, "status": "active"}]');
    fireEvent.change(screen.getByLabelText('Blueprint name'), { target: { value: 'people' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));

    const heading = await screen.findByRole('heading', { name: /^2\. Review/ });
    expect(document.activeElement).toBe(heading);
    expect(screen.getAllByRole('status')[0].textContent).toBe('Review ready: 1 table, 3 columns, 1 with low confidence, 1 left out.');

    const columns = screen.getByRole('list', { name: 'Columns of people' });
    const items = within(columns).getAllByRole('listitem');
    expect(items.map((li) => li.className)).toEqual(['decision decision-high', 'decision decision-high', 'decision decision-low']);
    expect(items[2].textContent).toContain('free text with no recognisable format');
    expect(within(items[2]).getByRole('meter', { name: 'Confidence 30%, low' })).toBeTruthy();
    expect(items[2].textContent).toContain('⚠ 30% · low, check it');

    const figures = within(items[1]).getByRole('table', { name: 'Sample and fitted figures of status' });
    // The sample's figures beside the ones the field will generate (read from its options and null rate).
    expect(within(figures).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'FigureIn the sampleFitted',
      'null rate5%5%',
      'distinct22',
      'frequencies: active80%80%',
      'frequencies: banned20%20%',
    ]);

    const skipped = screen.getByRole('region', { name: 'Left out (1)' });
    expect(skipped.textContent).toContain('mixed types in one column');
    expect(screen.getByRole('button', { name: /^people/ }).textContent).toContain('⚠ 1 low');

    // Editing the source after the review says so, and Create still makes what was reviewed.
    paste('[{"id": 2}]');
    expect(screen.getByRole('note').textContent).toMatch(/You changed the source after this review/);
  });

  it('lets a viewer review but not create', async () => {
    renderPage({ ImportPage: () => ({ data: { project: { __typename: 'Project', id: 'p1', name: 'Shop', myRole: 'VIEWER' } } }), ImportPreview: importPreview });
    await screen.findByLabelText('Source');
    paste('[{"id": 1}]');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByRole('heading', { name: /^2\. Review/ });
    expect(screen.queryByRole('button', { name: 'Create blueprint' })).toBeNull();
    expect(screen.getByText('Viewers can review an import; an owner or editor creates the blueprint.')).toBeTruthy();
  });

  it('creates the reviewed import, not the edited text, and opens its editor', async () => {
    const server = fakeServer({
      ImportPage: project,
      ImportPreview: importPreview,
      ImportBlueprint: () => ({ data: { importBlueprint: { __typename: 'Blueprint', id: 'b9', name: 'people', description: null, revision: 1, updatedAt: '2026-11-25T00:00:00Z' } } }),
      Preview: () => ({ data: null, errors: [{ message: 'not in this test' }] }) as FetchResult,
    });
    render(
      <ApolloProvider client={server.client}>
        <MemoryRouter initialEntries={['/p/p1/import']}>
          <Routes>
            <Route path="/p/:project/import" element={<ImportPage />} />
            <Route path="/p/:project/blueprints/:id" element={<p>editor of blueprint</p>} />
          </Routes>
        </MemoryRouter>
      </ApolloProvider>,
    );
    await screen.findByLabelText('Source');
    paste('[{"id": 1}]');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByRole('heading', { name: /^2\. Review/ });
    paste('[{"id": 2}]');
    fireEvent.click(screen.getByRole('button', { name: 'Create blueprint' }));
    await screen.findByText('editor of blueprint');
    expect(server.sent.find((s) => s.operation === 'ImportBlueprint')?.variables.input).toEqual({ projectId: 'p1', source: 'JSON_SAMPLE', text: '[{"id": 1}]' });
  });
});
