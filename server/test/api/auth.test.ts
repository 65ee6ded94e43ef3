import { TestClient } from '../support/client';
import { createUser, PASSWORD } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const ME = `{ me { id email name } }`;
const LOG_IN = `mutation($input: LogInInput!) { logIn(input: $input) { user { id } } }`;
const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { user { id } } }`;

describe('accounts and sessions', () => {
  it('signs up into a session held in an httpOnly SameSite=Lax cookie of 30 days', async () => {
    const client = new TestClient(server.url);
    const response = await client.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: SIGN_UP, variables: { input: { email: 'Ada@Example.test', password: PASSWORD, name: 'Ada' } } }),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('seedbed_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain HTTP here; behind HTTPS it is Secure
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]);
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(30);
    expect((await client.ok(ME)).me.email).toBe('Ada@Example.test');
  });

  it('stores only an Argon2id hash of the password', async () => {
    const { id } = await createUser(server.url);
    const [row] = await server.db.query('SELECT password_hash FROM users WHERE id = $1', [id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('treats emails as case-insensitively unique', async () => {
    const { email } = await createUser(server.url);
    const error = await new TestClient(server.url).fails(SIGN_UP, { input: { email: email.toUpperCase(), password: PASSWORD, name: 'Twin' } });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.email' } });
  });

  it('rejects a short password and a malformed email with their paths, storing nothing', async () => {
    const before = await server.db.query('SELECT count(*)::int AS n FROM users');
    const client = new TestClient(server.url);
    const short = await client.fails(SIGN_UP, { input: { email: 'short@example.test', password: '12345678901', name: 'S' } });
    expect(short).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.password' } });
    const malformed = await client.fails(SIGN_UP, { input: { email: 'not-an-email', password: PASSWORD, name: 'M' } });
    expect(malformed).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.email' } });
    expect(await server.db.query('SELECT count(*)::int AS n FROM users')).toEqual(before);
  });

  it('logs in with any case of the email, and refuses a wrong password', async () => {
    const { email } = await createUser(server.url, 'Login');
    const client = new TestClient(server.url);
    expect((await client.fails(LOG_IN, { input: { email, password: 'wrong password!!' } })).code).toBe('UNAUTHENTICATED');
    expect((await client.fails(LOG_IN, { input: { email: 'nobody@example.test', password: PASSWORD } })).code).toBe('UNAUTHENTICATED');
    await client.ok(LOG_IN, { input: { email: email.toUpperCase(), password: PASSWORD } });
    expect((await client.ok(ME)).me.email).toBe(email);
  });

  it('records logins in the audit log', async () => {
    const { id, email } = await createUser(server.url, 'Audited');
    await new TestClient(server.url).ok(LOG_IN, { input: { email, password: PASSWORD } });
    const rows = await server.db.query(`SELECT action FROM audit_events WHERE actor_user_id = $1 ORDER BY created_at`, [id]);
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['auth.signup', 'auth.login']);
  });

  it('ends the session on logout: the old cookie no longer authenticates', async () => {
    const { client } = await createUser(server.url);
    const stolenCookie = client.cookieHeader;
    expect((await client.ok(`mutation { logOut }`)).logOut).toBe(true);
    expect((await client.ok(ME)).me).toBeNull();
    const replay = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: stolenCookie },
      body: JSON.stringify({ query: ME }),
    });
    expect((await replay.json()).data.me).toBeNull();
  });

  it('needs a signed-in user to create a project', async () => {
    const error = await new TestClient(server.url).fails(`mutation { createProject(input: { name: "x" }) { id } }`);
    expect(error.code).toBe('UNAUTHENTICATED');
  });
});
