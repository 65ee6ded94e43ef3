/**
 * The mutations real front ends send that are no create, update or delete
 * (`login`, `bookTrips`, `cancelTrip`, `vote`, `likePost`, `followUser`,
 * `markAllAsRead`, `uploadAvatar`, `requestPasswordReset`): three apps' SDLs
 * as published, imported with `seedbed import --from graphql` as a user
 * would, served by `seedbed mock`, and sent their clients' own operations
 * with Apollo Client over HTTP. Each answer is checked against the rows the
 * same mock's lookups give (the overlay's writes included), for the shape the
 * SDL declares, for determinism (the same call, the same bytes), and for
 * writing nothing.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import type { BlueprintDocument } from '@seedbed/engine';
import { startSeedbedMock } from '../support/seedbed-mock';
import { HACKERNEWS_OPS, HACKERNEWS_SDL } from './apps/hackernews';
import { SOCIAL_OPS, SOCIAL_SDL } from './apps/social';
import { SPACE_EXPLORER_OPS, SPACE_EXPLORER_SDL } from './apps/space-explorer';

const ROOT = path.resolve(__dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-app-mutations-'));
const children: ChildProcess[] = [];

interface App {
  /** `seedbed import`'s report (standard error). */
  report: string;
  document: BlueprintDocument;
  url: string;
  apollo: ApolloClient;
}
const apps: Record<string, App> = {};

/** `seedbed import --from graphql`, then `seedbed mock` on the document, `edit`ed first as a user may. */
async function serve(name: string, sdl: string, edit: (document: any) => void = () => {}): Promise<App> {
  const schema = path.join(dir, `${name}.graphql`);
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(schema, sdl);
  const { stderr } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'packages/seedbed/bin/seedbed.js'), 'import', '--from', 'graphql', schema, '--out', file], { cwd: ROOT });
  const document = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(document);
  fs.writeFileSync(file, JSON.stringify(document));
  const { url, child } = await startSeedbedMock(file, ['--seed', '5']);
  children.push(child);
  const apollo = new ApolloClient({ link: new HttpLink({ uri: url, fetch }), cache: new InMemoryCache(), defaultOptions: { query: { fetchPolicy: 'no-cache' }, mutate: { fetchPolicy: 'no-cache' } } });
  return { report: stderr, document, url, apollo };
}

beforeAll(async () => {
  const [space, hackernews, social] = await Promise.all([
    serve('space-explorer', SPACE_EXPLORER_SDL),
    serve('hackernews', HACKERNEWS_SDL),
    // The user's own mapping wins: `renamePost` hand-mapped to an update writes.
    serve('social', SOCIAL_SDL.replace('type Mutation {', 'type Mutation {\n  renamePost(postId: ID!, title: String!): Post!'), (document) => {
      document.graphql.mapping.mutations.renamePost = { op: 'update', table: 'posts', key: 'postId', values: '' };
    }),
  ]);
  Object.assign(apps, { space, hackernews, social });
}, 120_000);

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

async function query(app: App, text: string, variables?: Record<string, unknown>): Promise<any> {
  const result = await app.apollo.query({ query: gql(text), variables });
  expect(result.error).toBeUndefined();
  return result.data;
}

async function mutate(app: App, text: string, variables?: Record<string, unknown>): Promise<any> {
  const result = await app.apollo.mutate({ mutation: gql(text), variables });
  expect(result.error).toBeUndefined();
  return result.data;
}

/** The raw answer over HTTP: errors with their extensions, and the exact bytes. */
async function post(app: App, text: string, variables?: Record<string, unknown>): Promise<{ text: string; body: any }> {
  const response = await fetch(app.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: text, variables }) });
  const body = await response.text();
  return { text: body, body: JSON.parse(body) };
}

describe("Apollo's full-stack tutorial (space-explorer)", () => {
  it('says in the import report that its mutations are answered, not written, and skips none', () => {
    const { report } = apps.space;
    for (const name of ['bookTrips', 'cancelTrip', 'login', 'uploadProfileImage']) expect(report).toMatch(new RegExp(`mock Mutation\\.${name} +ANSWERED +answered, not written`));
    expect(report).toMatch(/launches: the Launch rows whose keys launchIds lists/);
    expect(report).not.toMatch(/skipped field Mutation\./);
  });

  it('books and cancels trips: the launches the ids name, as the lookups give them, success and a message, the same bytes each time', async () => {
    const app = apps.space;
    const page = await query(app, SPACE_EXPLORER_OPS.GET_LAUNCHES);
    const [a, b] = page.launches.launches;
    const details = async (id: string) => (await query(app, SPACE_EXPLORER_OPS.GET_LAUNCH_DETAILS, { launchId: id })).launch;
    const booked = (await mutate(app, SPACE_EXPLORER_OPS.BOOK_TRIPS, { launchIds: [b.id, a.id] })).bookTrips;
    expect(booked).toEqual({ __typename: 'TripUpdateResponse', success: true, message: expect.stringMatching(/^Book trips \w+\.$/), launches: [b, a].map((l) => ({ __typename: 'Launch', id: l.id, isBooked: l.isBooked })) });
    expect((await details(a.id)).isBooked).toBe(a.isBooked);
    const once = await post(app, SPACE_EXPLORER_OPS.BOOK_TRIPS, { launchIds: [b.id, a.id] });
    expect((await post(app, SPACE_EXPLORER_OPS.BOOK_TRIPS, { launchIds: [b.id, a.id] })).text).toBe(once.text);

    const cancelled = (await mutate(app, SPACE_EXPLORER_OPS.CANCEL_TRIP, { launchId: a.id })).cancelTrip;
    expect(cancelled).toMatchObject({ success: true, message: expect.any(String), launches: [{ id: a.id, isBooked: (await details(a.id)).isBooked }] });
    // A launch that does not exist: `[Launch]` allows null in its place.
    const unknown = (await mutate(app, SPACE_EXPLORER_OPS.BOOK_TRIPS, { launchIds: [a.id, '987654321'] })).bookTrips;
    expect(unknown.launches).toEqual([expect.objectContaining({ id: a.id }), null]);
    expect((await mutate(app, SPACE_EXPLORER_OPS.CANCEL_TRIP, { launchId: '987654321' })).cancelTrip.launches).toEqual([null]);
  });

  it('logs in as the user with that email, or as one user the email always gives', async () => {
    const app = apps.space;
    const { me } = await query(app, SPACE_EXPLORER_OPS.GET_MY_TRIPS);
    expect((await mutate(app, SPACE_EXPLORER_OPS.LOGIN_USER, { email: me.email })).login.id).toBe(me.id);
    const stranger = (await mutate(app, SPACE_EXPLORER_OPS.LOGIN_USER, { email: 'new.pilot@example.org' })).login;
    expect(stranger).toEqual({ __typename: 'User', id: expect.any(String), token: expect.anything() });
    expect((await mutate(app, SPACE_EXPLORER_OPS.LOGIN_USER, { email: 'new.pilot@example.org' })).login).toEqual(stranger);
    const shown = await post(app, 'mutation($email: String) { login(email: $email) { id email } }', { email: 'new.pilot@example.org' });
    expect(shown.body.data.login).toEqual({ id: stranger.id, email: 'new.pilot@example.org' });
    // The upload answers the signed-in user, as `me` does.
    const uploaded = await post(app, 'mutation($file: Upload!) { uploadProfileImage(file: $file) { id email } }', { file: 'avatar.png' });
    expect(uploaded.body.data.uploadProfileImage).toEqual({ id: me.id, email: me.email });
  });
});

describe("How to GraphQL's Hacker News clone", () => {
  it('pages its feed: take and skip over the links, ordered as asked, the count of all, an id per page', async () => {
    const app = apps.hackernews;
    const feed = async (variables: Record<string, unknown>) => ((await app.apollo.query({ query: gql(HACKERNEWS_OPS.FEED_QUERY), variables })).data as any).feed;
    const first = await feed({ take: 5, skip: 0 });
    const second = await feed({ take: 5, skip: 5 });
    // The count of all links, whatever the page: the last page holds what is left of it.
    expect(first.count).toBeGreaterThan(10);
    expect(second.count).toBe(first.count);
    expect((await feed({ take: 5, skip: first.count - 2 })).links).toHaveLength(2);
    expect(first.links).toHaveLength(5);
    expect(second.links.map((l: { id: string }) => l.id)).not.toEqual(expect.arrayContaining([first.links[0].id]));
    // Each link as the link itself answers elsewhere (the vote's link).
    expect((await mutate(app, HACKERNEWS_OPS.VOTE_MUTATION, { linkId: first.links[0].id })).vote.link.id).toBe(first.links[0].id);
    expect(typeof first.id).toBe('string');
    expect(second.id).not.toBe(first.id);
    expect((await feed({ take: 5, skip: 0 })).id).toBe(first.id);
    const newest = await feed({ take: 10, orderBy: { createdAt: 'desc' } });
    const times = newest.links.map((l: { createdAt: string }) => Date.parse(l.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(app.report).not.toMatch(/skipped field Query\.feed|table +feeds?\b/);
  });

  it('signs up and logs in with a JWT-shaped token made from the arguments, for the user it answers', async () => {
    const app = apps.hackernews;
    const login = (await mutate(app, HACKERNEWS_OPS.LOGIN_MUTATION, { email: 'ada@example.org', password: 'secret' })).login;
    expect(login.user.email).toBe('ada@example.org');
    const [, claims] = login.token.split('.');
    expect(login.token.split('.')).toHaveLength(3);
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ sub: login.user.id, email: 'ada@example.org', exp: expect.any(Number) });
    expect((await mutate(app, HACKERNEWS_OPS.LOGIN_MUTATION, { email: 'ada@example.org', password: 'secret' })).login.token).toBe(login.token);
    expect((await mutate(app, HACKERNEWS_OPS.LOGIN_MUTATION, { email: 'grace@example.org', password: 'secret' })).login.token).not.toBe(login.token);
    const signup = (await mutate(app, HACKERNEWS_OPS.SIGNUP_MUTATION, { email: 'ada@example.org', password: 'secret', name: 'Ada' })).signup;
    expect(signup.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('votes on the link its id names (null for none), and posts a link showing what was sent', async () => {
    const app = apps.hackernews;
    const vote = (await mutate(app, HACKERNEWS_OPS.VOTE_MUTATION, { linkId: '2' })).vote;
    expect(vote.link.id).toBe('2');
    expect(vote.link.votes.map((v: { id: string }) => v.id)).toContain(vote.id);
    expect((await mutate(app, HACKERNEWS_OPS.VOTE_MUTATION, { linkId: '987654321' })).vote).toBeNull();
    const link = (await mutate(app, HACKERNEWS_OPS.CREATE_LINK_MUTATION, { description: 'Seedbed', url: 'https://example.org/seedbed' })).post;
    expect(link).toMatchObject({ id: expect.any(String), description: 'Seedbed', url: 'https://example.org/seedbed', createdAt: expect.any(String) });
  });
});

describe('a social app: action mutations beside a CRUD one', () => {
  it('answers likePost with the post as the lookup gives it, the overlay’s writes included, and writes nothing itself', async () => {
    const app = apps.social;
    await mutate(app, SOCIAL_OPS.UPDATE_POST, { id: '2', title: 'Edited by updatePost' });
    const { post: before } = await query(app, SOCIAL_OPS.POST, { id: '2' });
    expect(before.title).toBe('Edited by updatePost');
    const liked = (await mutate(app, SOCIAL_OPS.LIKE_POST, { id: '2' })).likePost;
    expect(liked).toEqual(before);
    expect((await mutate(app, SOCIAL_OPS.BOOKMARK_POST, { postId: '2' })).bookmarkPost).toEqual({ __typename: 'Post', id: '2', title: before.title });
  });

  it('answers a key naming no row as the SDL allows: null, or an error with the argument’s path', async () => {
    const app = apps.social;
    expect((await post(app, SOCIAL_OPS.BOOKMARK_POST, { postId: '987654321' })).body).toEqual({ data: { bookmarkPost: null } });
    const liked = (await post(app, SOCIAL_OPS.LIKE_POST, { id: '987654321' })).body;
    expect(liked.data).toBeNull();
    expect(liked.errors[0]).toMatchObject({ path: ['likePost'], extensions: { code: 'NOT_FOUND', path: 'id' } });
    const follow = (await post(app, SOCIAL_OPS.FOLLOW_USER, { userId: '987654321' })).body;
    expect(follow.errors[0].extensions).toMatchObject({ code: 'NOT_FOUND', path: 'userId' });
    const read = (await post(app, SOCIAL_OPS.MARK_READ, { ids: ['1', '987654321'] })).body;
    expect(read.errors[0]).toMatchObject({ message: expect.stringContaining('notificationIds[1]'), extensions: { code: 'NOT_FOUND', path: 'notificationIds[1]' } });
  });

  it('answers payloads, lists, scalars and a result union in their declared shapes', async () => {
    const app = apps.social;
    const { user } = await query(app, 'query($id: ID!) { user(id: $id) { id username } }', { id: '3' });
    expect((await mutate(app, SOCIAL_OPS.FOLLOW_USER, { userId: '3' })).followUser).toMatchObject({ isFollowing: true, followerCount: expect.any(Number), user });
    expect((await mutate(app, SOCIAL_OPS.UNFOLLOW_USER, { userId: '3' })).unfollowUser).toMatchObject({ isFollowing: false, user: { id: '3' } });
    const read = (await mutate(app, SOCIAL_OPS.MARK_READ, { ids: ['2', '1'] })).markNotificationsAsRead;
    expect(read).toMatchObject({ success: true, message: expect.any(String), count: 2, notifications: [{ id: '2' }, { id: '1' }] });
    const all = (await mutate(app, SOCIAL_OPS.MARK_ALL_AS_READ)).markAllAsRead;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((n: { id: string; read: boolean }) => typeof n.id === 'string' && typeof n.read === 'boolean')).toBe(true);
    const avatar = (await post(app, SOCIAL_OPS.UPLOAD_AVATAR, { file: 'me.png' })).body.data.uploadAvatar;
    expect(new URL(avatar).protocol).toBe('https:');
    expect((await post(app, SOCIAL_OPS.UPLOAD_AVATAR, { file: 'me.png' })).body.data.uploadAvatar).toBe(avatar);
    expect((await mutate(app, SOCIAL_OPS.REQUEST_RESET, { email: 'ada@example.org' })).requestPasswordReset).toBe(true);
    const login = (await mutate(app, SOCIAL_OPS.LOGIN, { input: { email: 'ada@example.org', password: 'x' } })).login;
    // The union's members answer only mutations (no table of them): the success's user is the one with that email.
    expect(login).toMatchObject({ __typename: 'LoginSuccess', token: expect.any(String), expiresAt: expect.any(String), user: { id: expect.any(String), email: 'ada@example.org' } });
    const tables = apps.social.document.tables.map((t) => t.name);
    expect(tables).toContain('users');
    expect(tables).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(login_success|invalid_credentials)/)]));
  });

  it('refuses an argument compared with a column past the texts a filter compares, at its path', async () => {
    const refused = (await post(apps.hackernews, HACKERNEWS_OPS.LOGIN_MUTATION, { email: `${'a'.repeat(2_000)}@example.org`, password: 'x' })).body;
    expect(refused.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', path: 'email' });
  });

  it('lets the document map a mutation to a write by hand, which then writes', async () => {
    const app = apps.social;
    expect(app.report).toMatch(/mock Mutation\.likePost +ANSWERED/);
    const renamed = (await mutate(app, 'mutation($postId: ID!, $title: String!) { renamePost(postId: $postId, title: $title) { id title } }', { postId: '4', title: 'Renamed by hand' })).renamePost;
    expect(renamed).toEqual({ __typename: 'Post', id: '4', title: 'Renamed by hand' });
    expect((await query(app, SOCIAL_OPS.POST, { id: '4' })).post.title).toBe('Renamed by hand');
  });

  it('counts the keys a mutation names against the rows one answer may hold, before reading any', async () => {
    const ids = Array.from({ length: 5_001 }, (_, i) => String(i + 1));
    const refused = (await post(apps.social, SOCIAL_OPS.MARK_READ, { ids })).body;
    expect(refused.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });
});
