/** @jest-environment jsdom */
import { ApolloClient, ApolloLink, InMemoryCache, type FetchResult } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Observable, type Subscriber } from 'rxjs';
import { CreateApiKeyForm, expiryFromDate } from '../../src/components/settings/create-api-key-form';

const SECRET = `sbk_${'A1b2C3d4E5'.repeat(4)}`;

function keyServer() {
  const sent: Record<string, any>[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((subscriber: Subscriber<FetchResult>) => {
        sent.push(operation.variables);
        const { name, role, expiresAt } = operation.variables.input;
        subscriber.next({
          data: {
            createApiKey: {
              __typename: 'CreatedApiKey',
              secret: SECRET,
              apiKey: {
                __typename: 'ApiKey', id: 'k1', name, role, prefix: 'sbk_A1b2', last4: SECRET.slice(-4), status: 'ACTIVE',
                createdAt: '2026-01-01T10:00:00.000Z', lastUsedAt: null, expiresAt, revokedAt: null, createdBy: { __typename: 'User', id: 'u1', name: 'Ada' },
              },
            },
          },
        });
        subscriber.complete();
      }),
  );
  return { client: new ApolloClient({ link, cache: new InMemoryCache() }), sent };
}

function renderForm(client: ApolloClient) {
  render(
    <ApolloProvider client={client}>
      <CreateApiKeyForm projectId="p1" />
    </ApolloProvider>,
  );
}

describe('CreateApiKeyForm', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('shows the new secret once, in a dialog that copies it, and forgets it when closed', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const server = keyServer();
    renderForm(server.client);
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'CI seed job' } });
    fireEvent.change(screen.getByLabelText('Key role'), { target: { value: 'EDITOR' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));

    const dialog = await screen.findByRole('dialog', { name: 'API key “CI seed job” created' });
    expect(server.sent).toEqual([{ input: { projectId: 'p1', name: 'CI seed job', role: 'EDITOR', expiresAt: null } }]);
    const secret = screen.getByLabelText('Secret') as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    expect(secret.readOnly).toBe(true);
    expect(document.activeElement).toBe(secret);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText(/shown only this once/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    await screen.findByText('Copied.');
    expect(writeText).toHaveBeenCalledWith(SECRET);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect((screen.getByLabelText('Key name') as HTMLInputElement).value).toBe('');
  });

  it('falls back to execCommand when the Clipboard API is missing', async () => {
    const execCommand = jest.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderForm(keyServer().client);
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'deploy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy secret' }));
    await screen.findByText('Copied.');
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('asks for a name and a future expiry before calling the server', async () => {
    const server = keyServer();
    renderForm(server.client);
    fireEvent.change(screen.getByLabelText('Expires on (optional)'), { target: { value: '2001-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([expect.stringMatching(/^Name the key/), 'Choose today or a later day.']));
    expect(server.sent).toEqual([]);
  });
});

describe('expiryFromDate', () => {
  it('is the end of the chosen day, or nothing for no date', () => {
    const now = new Date('2026-03-01T12:00:00');
    expect(expiryFromDate('', now)).toEqual({ expiresAt: null });
    expect(expiryFromDate('2026-03-01', now)).toEqual({ expiresAt: new Date('2026-03-01T23:59:59.999').toISOString() });
    expect(expiryFromDate('2026-02-28', now)).toEqual({ error: 'Choose today or a later day.' });
  });
});
