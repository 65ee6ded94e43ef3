/** @jest-environment jsdom */
import '../support/jsdom-polyfills';
import { ApolloClient, ApolloLink, InMemoryCache, type FetchResult } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Observable, type Subscriber } from 'rxjs';
import { progressPercent, RunProgressBar } from '../../src/components/runs/run-status';
import { RunPage } from '../../src/pages/run-page';

/** A whole Run as the server sends it (every field the page selects). */
function runOf(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Run',
    id: 'r1',
    status: 'QUEUED',
    revision: 2,
    seed: 42,
    rowsDone: 0,
    rowsTotal: 200,
    attempts: 0,
    queuePosition: 3,
    error: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    expiresAt: null,
    requestedBy: { __typename: 'User', id: 'u1', name: 'Ada' },
    blueprint: { __typename: 'Blueprint', id: 'b1', name: 'shop' },
    target: { __typename: 'RunTarget', kind: 'FILES', formats: ['CSV'], dialect: 'POSTGRES', gzip: false, host: null, database: null, truncate: null },
    artifacts: [],
    project: { __typename: 'Project', id: 'p1', slug: 'shop', name: 'Shop', myRole: 'EDITOR' },
    ...overrides,
  };
}

const artifact = { __typename: 'Artifact', name: 'users.csv', table: 'users', format: 'CSV', size: 2048, sha256: 'ab'.repeat(32), url: '/api/v1/runs/r1/files/users.csv' };

/** Answers the page's query at once and keeps the subscription open for the test to push events into. */
function fakeServer(initial: ReturnType<typeof runOf>) {
  const events: Subscriber<FetchResult>[] = [];
  const operations: { name: string; variables: Record<string, unknown> }[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((subscriber: Subscriber<FetchResult>) => {
        operations.push({ name: operation.operationName ?? '', variables: operation.variables });
        if (operation.operationName === 'RunProgress') events.push(subscriber);
        else if (operation.operationName === 'RunPage') {
          subscriber.next({ data: { run: initial } });
          subscriber.complete();
        } else if (operation.operationName === 'CancelRun') {
          const { project: _project, ...run } = runOf({ status: 'CANCELLED', error: 'cancelled by Ada' });
          subscriber.next({ data: { cancelRun: run } });
          subscriber.complete();
        }
      }),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const push = (run: Record<string, unknown>) => {
    const { project: _project, ...fields } = run;
    act(() => events.forEach((s) => s.next({ data: { runProgress: fields } })));
  };
  return { client, operations, events, push };
}

function renderRunPage(client: ApolloClient) {
  return render(
    <ApolloProvider client={client}>
      <MemoryRouter initialEntries={['/p/p1/runs/r1']}>
        <Routes>
          <Route path="/p/:project/runs/:id" element={<RunPage />} />
        </Routes>
      </MemoryRouter>
    </ApolloProvider>,
  );
}

const bar = () => screen.getByRole('progressbar', { name: 'Progress of the run' });

describe('progressPercent', () => {
  it('rounds down, so 100% means every row is made', () => {
    expect(progressPercent(0, 200, 'QUEUED')).toBe(0);
    expect(progressPercent(199, 200, 'RUNNING')).toBe(99);
    expect(progressPercent(200, 200, 'RUNNING')).toBe(100);
  });

  it('counts a SUCCEEDED run as complete even with no rows, and never passes 0–100', () => {
    expect(progressPercent(0, 0, 'SUCCEEDED')).toBe(100);
    expect(progressPercent(0, 0, 'RUNNING')).toBe(0);
    expect(progressPercent(500, 200, 'RUNNING')).toBe(100);
  });
});

describe('RunProgressBar', () => {
  it('is a labelled progressbar with its value for assistive technology', () => {
    render(<RunProgressBar rowsDone={1234} rowsTotal={4000} status="RUNNING" label="Progress of the run" />);
    expect(bar().getAttribute('aria-valuemin')).toBe('0');
    expect(bar().getAttribute('aria-valuemax')).toBe('100');
    expect(bar().getAttribute('aria-valuenow')).toBe('30');
    expect(bar().getAttribute('aria-valuetext')).toBe('30%, 1,234 of 4,000 rows');
  });
});

describe('RunPage', () => {
  it('follows a run live through the subscription until it succeeds, then offers its files', async () => {
    const server = fakeServer(runOf());
    renderRunPage(server.client);
    await screen.findByRole('heading', { name: 'Run of shop' });
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Queued')).toBeTruthy();
    expect(screen.getByText('Waiting for a worker · 3rd in the queue…')).toBeTruthy();
    expect(server.operations.filter((o) => o.name === 'RunProgress')).toEqual([{ name: 'RunProgress', variables: { id: 'r1' } }]);

    server.push(runOf({ status: 'RUNNING', queuePosition: null, rowsDone: 100, attempts: 1, startedAt: '2026-01-01T10:00:01.000Z' }));
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('Running')).toBeTruthy();

    server.push(runOf({ status: 'SUCCEEDED', rowsDone: 200, attempts: 1, finishedAt: '2026-01-01T10:00:02.000Z', expiresAt: '2026-01-08T10:00:02.000Z', artifacts: [artifact] }));
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('100'));
    expect(screen.getByText('Succeeded')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download users.csv' });
    expect(download.getAttribute('href')).toBe('/api/v1/runs/r1/files/users.csv');
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();
    expect(screen.getByText(/2\.0 KB/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
  });

  it('lets an EDITOR cancel an active run after confirming', async () => {
    const server = fakeServer(runOf({ status: 'RUNNING', rowsDone: 20 }));
    renderRunPage(server.client);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel run' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the run' }));
    await screen.findByText('Cancelled');
    expect(server.operations.find((o) => o.name === 'CancelRun')?.variables).toEqual({ id: 'r1' });
    expect(screen.getByRole('alert').textContent).toMatch(/cancelled by Ada/);
  });

  it('shows a VIEWER no Cancel button, and does not subscribe to a finished run', async () => {
    const server = fakeServer(runOf({ status: 'EXPIRED', rowsDone: 200, project: { __typename: 'Project', id: 'p1', slug: 'shop', name: 'Shop', myRole: 'VIEWER' } }));
    renderRunPage(server.client);
    await screen.findByText(/files of this run were deleted/);
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
    expect(server.operations.map((o) => o.name)).toEqual(['RunPage']);
  });

  it('hides the Cancel button from a VIEWER while the run is active', async () => {
    const server = fakeServer(runOf({ status: 'RUNNING', project: { __typename: 'Project', id: 'p1', slug: 'shop', name: 'Shop', myRole: 'VIEWER' } }));
    renderRunPage(server.client);
    await screen.findByText('Running');
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
  });
});
