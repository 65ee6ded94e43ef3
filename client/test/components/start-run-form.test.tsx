/** @jest-environment jsdom */
import '../support/jsdom-polyfills';
import { ApolloClient, ApolloLink, InMemoryCache, type FetchResult } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Observable, type Subscriber } from 'rxjs';
import { StartRunForm } from '../../src/components/runs/start-run-form';

/** Answers every StartRun with the given errors and records what was sent. */
function refusingClient(errors: { message: string; extensions: Record<string, unknown> }[]) {
  const sent: Record<string, unknown>[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((subscriber: Subscriber<FetchResult>) => {
        sent.push(operation.variables);
        subscriber.next({ errors, data: null } as FetchResult);
        subscriber.complete();
      }),
  );
  return { client: new ApolloClient({ link, cache: new InMemoryCache() }), sent };
}

function renderForm(client: ApolloClient, sizableTables = ['users']) {
  render(
    <ApolloProvider client={client}>
      <MemoryRouter>
        <StartRunForm projectId="p1" blueprintId="b1" revision={3} sizableTables={sizableTables} />
      </MemoryRouter>
    </ApolloProvider>,
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Start run' }));

describe('StartRunForm', () => {
  it('asks for a format before calling the server, and drops the message once one is chosen', async () => {
    const server = refusingClient([]);
    renderForm(server.client);
    fireEvent.click(screen.getByLabelText('CSV'));
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one format.');
    expect(screen.getByRole('group', { name: 'Formats' }).getAttribute('aria-invalid')).toBe('true');
    expect(server.sent).toEqual([]);
    fireEvent.click(screen.getByLabelText('JSON'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('enables the SQL dialect only for SQL files', () => {
    renderForm(refusingClient([]).client);
    const dialect = screen.getByLabelText('SQL dialect') as HTMLSelectElement;
    expect(dialect.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('SQL'));
    expect(dialect.disabled).toBe(false);
  });

  it("shows the server's input error at the field its path names", async () => {
    const server = refusingClient([{ message: 'the run would make 2000000000 rows; at most 1000000000 are allowed', extensions: { code: 'BAD_USER_INPUT', path: 'input.rows' } }]);
    renderForm(server.client, ['users', 'tags']);
    fireEvent.change(screen.getByLabelText('Rows'), { target: { value: '2000000000' } });
    fireEvent.change(screen.getByLabelText('Rows of table'), { target: { value: 'tags' } });
    submit();
    const message = await screen.findByText(/^The run would make 2000000000 rows/);
    expect(screen.getByLabelText('Rows').getAttribute('aria-describedby')).toContain(message.id);
    expect(server.sent[0]).toEqual({ input: { blueprintId: 'b1', revision: 3, rows: 2000000000, table: 'tags', target: { files: { formats: ['CSV'], dialect: 'POSTGRES', gzip: false } } } });
  });

  it('shows a refused database at its URL', async () => {
    const server = refusingClient([{ message: 'The address 127.0.0.1 of "localhost" is loopback; loads there are not allowed.', extensions: { code: 'TARGET_REFUSED' } }]);
    renderForm(server.client);
    fireEvent.click(screen.getByLabelText('PostgreSQL database'));
    const url = screen.getByLabelText('Database URL');
    fireEvent.change(url, { target: { value: 'postgres://me:pw@localhost/app' } });
    submit();
    await screen.findByText(/is loopback; loads there are not allowed/);
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(server.sent[0]).toMatchObject({ input: { target: { database: { url: 'postgres://me:pw@localhost/app', truncate: false, createTables: true } } } });
  });
});
