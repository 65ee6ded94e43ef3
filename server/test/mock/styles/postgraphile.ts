/**
 * An SDL in the shape PostGraphile writes (a Node interface with `nodeId`,
 * `Int` keys, Relay connections with `nodes`/`edges`/`pageInfo`/`totalCount`,
 * `condition` and the connection-filter plugin's `filter`, `orderBy` enums,
 * `…ById`/`…BySlug`/`…ByEmail` lookups, `<type>By<Column>` relations and
 * `createX(input: {x})` payloads), with a dozen queries an app would send.
 */
import { expect } from '@jest/globals';
import { ok, type StyleCase } from './cases';
import { globalId, keys, sortBy, type Row } from './truth';

export const POSTGRAPHILE_SDL = /* GraphQL */ `
"""An object with a globally unique \`ID\`."""
interface Node { nodeId: ID! }
scalar Cursor
scalar Datetime
type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: Cursor endCursor: Cursor }
enum UserRole { ADMIN MEMBER GUEST }

type Organization implements Node {
  nodeId: ID!
  id: Int!
  name: String!
  slug: String!
  createdAt: Datetime!
  usersByOrganizationId(first: Int, last: Int, offset: Int, before: Cursor, after: Cursor, orderBy: [UsersOrderBy!] = [PRIMARY_KEY_ASC], condition: UserCondition, filter: UserFilter): UsersConnection!
}
type User implements Node {
  nodeId: ID!
  id: Int!
  organizationId: Int!
  email: String!
  name: String!
  age: Int
  role: UserRole!
  organizationByOrganizationId: Organization
  userEmailsByUserId(first: Int, offset: Int, after: Cursor, orderBy: [UserEmailsOrderBy!] = [PRIMARY_KEY_ASC], condition: UserEmailCondition): UserEmailsConnection!
}
type UserEmail implements Node {
  nodeId: ID!
  id: Int!
  userId: Int!
  email: String!
  isVerified: Boolean!
  userByUserId: User
}
type OrganizationsConnection { nodes: [Organization]! edges: [OrganizationsEdge!]! pageInfo: PageInfo! totalCount: Int! }
type OrganizationsEdge { cursor: Cursor node: Organization }
type UsersConnection { nodes: [User]! edges: [UsersEdge!]! pageInfo: PageInfo! totalCount: Int! }
type UsersEdge { cursor: Cursor node: User }
type UserEmailsConnection { nodes: [UserEmail]! edges: [UserEmailsEdge!]! pageInfo: PageInfo! totalCount: Int! }
type UserEmailsEdge { cursor: Cursor node: UserEmail }
enum OrganizationsOrderBy { NATURAL ID_ASC ID_DESC NAME_ASC NAME_DESC SLUG_ASC SLUG_DESC PRIMARY_KEY_ASC PRIMARY_KEY_DESC }
enum UsersOrderBy { NATURAL ID_ASC ID_DESC NAME_ASC NAME_DESC AGE_ASC AGE_DESC ROLE_ASC ROLE_DESC PRIMARY_KEY_ASC PRIMARY_KEY_DESC }
enum UserEmailsOrderBy { NATURAL ID_ASC ID_DESC EMAIL_ASC EMAIL_DESC PRIMARY_KEY_ASC PRIMARY_KEY_DESC }
input OrganizationCondition { id: Int name: String slug: String }
input UserCondition { id: Int organizationId: Int email: String name: String age: Int role: UserRole }
input UserEmailCondition { id: Int userId: Int email: String isVerified: Boolean }
input IntFilter { isNull: Boolean equalTo: Int notEqualTo: Int in: [Int!] notIn: [Int!] lessThan: Int lessThanOrEqualTo: Int greaterThan: Int greaterThanOrEqualTo: Int }
input StringFilter { isNull: Boolean equalTo: String notEqualTo: String in: [String!] includes: String includesInsensitive: String startsWith: String startsWithInsensitive: String likeInsensitive: String }
input UserRoleFilter { equalTo: UserRole notEqualTo: UserRole in: [UserRole!] }
input UserFilter { id: IntFilter organizationId: IntFilter email: StringFilter name: StringFilter age: IntFilter role: UserRoleFilter and: [UserFilter!] or: [UserFilter!] not: UserFilter }

type Query implements Node {
  query: Query!
  nodeId: ID!
  node(nodeId: ID!): Node
  allOrganizations(first: Int, last: Int, offset: Int, before: Cursor, after: Cursor, orderBy: [OrganizationsOrderBy!] = [PRIMARY_KEY_ASC], condition: OrganizationCondition): OrganizationsConnection
  allUsers(first: Int, last: Int, offset: Int, before: Cursor, after: Cursor, orderBy: [UsersOrderBy!] = [PRIMARY_KEY_ASC], condition: UserCondition, filter: UserFilter): UsersConnection
  organizationById(id: Int!): Organization
  organizationBySlug(slug: String!): Organization
  userById(id: Int!): User
  userByEmail(email: String!): User
  user(nodeId: ID!): User
}

input UserEmailInput { id: Int userId: Int! email: String! isVerified: Boolean }
input CreateUserEmailInput { clientMutationId: String userEmail: UserEmailInput! }
type CreateUserEmailPayload { clientMutationId: String userEmail: UserEmail query: Query userByUserId: User userEmailEdge(orderBy: [UserEmailsOrderBy!] = [PRIMARY_KEY_ASC]): UserEmailsEdge }
input UserPatch { name: String age: Int role: UserRole email: String }
input UpdateUserByIdInput { clientMutationId: String userPatch: UserPatch! id: Int! }
type UpdateUserPayload { clientMutationId: String user: User query: Query organizationByOrganizationId: Organization userEdge(orderBy: [UsersOrderBy!] = [PRIMARY_KEY_ASC]): UsersEdge }
input DeleteUserEmailByIdInput { clientMutationId: String id: Int! }
type DeleteUserEmailPayload { clientMutationId: String userEmail: UserEmail deletedUserEmailNodeId: ID query: Query userByUserId: User }
type Mutation {
  createUserEmail(input: CreateUserEmailInput!): CreateUserEmailPayload
  updateUserById(input: UpdateUserByIdInput!): UpdateUserPayload
  deleteUserEmailById(input: DeleteUserEmailByIdInput!): DeleteUserEmailPayload
}
`;

const ROLES = ['ADMIN', 'MEMBER', 'GUEST'];

/** Walks a connection with `first`/`after` until `hasNextPage` is false: every row once, counts agreeing throughout. */
async function walk(t: Parameters<StyleCase['run']>[0], query: string, variables: Record<string, unknown>, pick: (data: any) => any): Promise<{ ids: string[]; totals: Set<number> }> {
  const ids: string[] = [];
  const totals = new Set<number>();
  let after: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const connection = pick(await ok(t, query, { ...variables, after }));
    totals.add(connection.totalCount);
    ids.push(...connection.edges.map((e: any) => String(e.node.id)));
    expect(connection.edges.map((e: any) => e.cursor)).toEqual(connection.edges.length ? expect.arrayContaining([connection.pageInfo.endCursor]) : []);
    if (!connection.pageInfo.hasNextPage) break;
    after = connection.pageInfo.endCursor;
  }
  return { ids, totals };
}

export const POSTGRAPHILE_CASES: StyleCase[] = [
  {
    name: 'a first page of a connection, with totalCount and pageInfo agreeing',
    run: async (t, truth) => {
      const { allUsers } = await ok(t, '{ allUsers(first: 5) { totalCount pageInfo { hasNextPage hasPreviousPage } nodes { id name role } } }');
      const users = truth.rows('User');
      expect(allUsers.totalCount).toBe(users.length);
      expect(allUsers.pageInfo).toEqual({ hasNextPage: users.length > 5, hasPreviousPage: false });
      expect(allUsers.nodes).toEqual(users.slice(0, 5).map((u) => ({ id: u.id, name: u.name, role: u.role })));
    },
  },
  {
    name: 'paging a condition with first/after walks every matching row once',
    run: async (t, truth) => {
      const { ids, totals } = await walk(t, 'query($after: Cursor) { allUsers(first: 7, after: $after, condition: { role: ADMIN }) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id role } } } }', {}, (d) => d.allUsers);
      const admins = truth.rows('User').filter((u) => u.role === 'ADMIN');
      expect(admins.length).toBeGreaterThan(7);
      expect(ids).toEqual(keys(admins));
      expect([...totals]).toEqual([admins.length]);
    },
  },
  {
    name: 'the filter plugin’s operators with an order',
    run: async (t, truth) => {
      const { allUsers } = await ok(t, '{ allUsers(first: 10, orderBy: [AGE_DESC, NAME_ASC], filter: { age: { greaterThan: 40 }, name: { includesInsensitive: "a" } }) { totalCount nodes { id age name } } }');
      const matching = truth.rows('User').filter((u) => u.age !== null && u.age > 40 && String(u.name).toLowerCase().includes('a'));
      expect(allUsers.totalCount).toBe(matching.length);
      expect(keys(allUsers.nodes)).toEqual(keys(sortBy(matching, [(u) => u.age, 'desc'], [(u) => u.name, 'asc']).slice(0, 10)));
      for (const u of allUsers.nodes) expect(u.age > 40 && u.name.toLowerCase().includes('a')).toBe(true);
    },
  },
  {
    name: 'or / isNull / in, and not',
    run: async (t, truth) => {
      const { allUsers } = await ok(t, '{ allUsers(first: 100, filter: { or: [{ role: { equalTo: GUEST } }, { age: { isNull: true } }], not: { id: { in: [1, 2, 3] } } }) { totalCount nodes { id role age } } }');
      const matching = truth.rows('User').filter((u) => (u.role === 'GUEST' || u.age === null) && ![1, 2, 3].includes(u.id));
      expect(keys(allUsers.nodes)).toEqual(keys(matching.slice(0, 100)));
      expect(allUsers.totalCount).toBe(matching.length);
    },
  },
  {
    name: 'last before the end and offset, in both orders of the key',
    run: async (t, truth) => {
      const users = truth.rows('User');
      const { last, offset } = await ok(t, '{ last: allUsers(last: 3, orderBy: [PRIMARY_KEY_ASC]) { nodes { id } pageInfo { hasNextPage hasPreviousPage } } offset: allUsers(first: 4, offset: 10, orderBy: [PRIMARY_KEY_DESC]) { nodes { id } pageInfo { hasPreviousPage } } }');
      expect(keys(last.nodes)).toEqual(keys(users.slice(-3)));
      expect(last.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
      expect(keys(offset.nodes)).toEqual(keys(sortBy(users, [(u) => u.id, 'desc']).slice(10, 14)));
      expect(offset.pageInfo.hasPreviousPage).toBe(true);
    },
  },
  {
    name: 'lookups by id, and the relation both ways',
    run: async (t, truth) => {
      const { userById, missing } = await ok(t, '{ userById(id: 3) { id name organizationId organizationByOrganizationId { id slug } } missing: userById(id: 999999) { id } }');
      const user = truth.byKey('User', 3)!;
      expect(userById).toEqual({ id: 3, name: user.name, organizationId: user.organizationId, organizationByOrganizationId: { id: user.organizationId, slug: truth.byKey('Organization', user.organizationId)!.slug } });
      expect(missing).toBeNull();
    },
  },
  {
    name: 'a lookup by slug, and a child connection with a condition',
    run: async (t, truth) => {
      const org = truth.rows('Organization')[2];
      const { organizationBySlug } = await ok(t, 'query($slug: String!) { organizationBySlug(slug: $slug) { id slug usersByOrganizationId(first: 50, condition: { role: MEMBER }) { totalCount nodes { id role organizationId } } } }', { slug: org.slug });
      expect(organizationBySlug.id).toBe(truth.rows('Organization').find((o) => o.slug === org.slug)!.id);
      const members = truth.childrenOf('User', 'organizationByOrganizationId', organizationBySlug.id).filter((u) => u.role === 'MEMBER');
      expect(keys(organizationBySlug.usersByOrganizationId.nodes)).toEqual(keys(members));
      expect(organizationBySlug.usersByOrganizationId.totalCount).toBe(members.length);
    },
  },
  {
    name: 'global ids: a type’s lookup by nodeId and node(nodeId:)',
    run: async (t, truth) => {
      const user = truth.rows('User')[4];
      expect(user.nodeId).toBe(globalId('postgraphile', 'User', 'users', user.id));
      const data = await ok(t, 'query($n: ID!) { user(nodeId: $n) { nodeId id } node(nodeId: $n) { nodeId ... on User { id email } } org: node(nodeId: "WyJvcmdhbml6YXRpb25zIiwxXQ==") { ... on Organization { id } } }', { n: user.nodeId });
      expect(data.user).toEqual({ nodeId: user.nodeId, id: user.id });
      expect(data.node).toEqual({ nodeId: user.nodeId, id: user.id, email: user.email });
      expect(data.org).toEqual({ id: 1 });
    },
  },
  {
    name: 'a lookup by email',
    run: async (t, truth) => {
      const user = truth.rows('User')[7];
      const { userByEmail } = await ok(t, 'query($e: String!) { userByEmail(email: $e) { id email } }', { e: user.email });
      expect(userByEmail).toEqual({ id: truth.rows('User').find((u) => u.email === user.email)!.id, email: user.email });
    },
  },
  {
    name: 'createUserEmail returns its payload, and the row is read back',
    run: async (t, truth) => {
      const email = `new-${t.name.replace(/\W/g, '')}@example.com`;
      const { createUserEmail } = await ok(t, `mutation { createUserEmail(input: { clientMutationId: "c1", userEmail: { userId: 2, email: "${email}", isVerified: true } }) { clientMutationId userEmail { id userId email isVerified } userByUserId { id } } }`);
      expect(createUserEmail).toMatchObject({ clientMutationId: 'c1', userEmail: { userId: 2, email, isVerified: true }, userByUserId: { id: 2 } });
      const id = createUserEmail.userEmail.id;
      expect(truth.byKey('UserEmail', id)).toBeUndefined();
      truth.recordCreate('UserEmail', { ...createUserEmail.userEmail, nodeId: globalId('postgraphile', 'UserEmail', 'user_emails', id) }, { userByUserId: 2 });
      const { userById } = await ok(t, `{ userById(id: 2) { userEmailsByUserId(first: 100, condition: { email: "${email}" }) { totalCount nodes { id email isVerified } } } }`);
      expect(userById.userEmailsByUserId).toEqual({ totalCount: 1, nodes: [{ id, email, isVerified: true }] });
      expect(keys((await ok(t, '{ userById(id: 2) { userEmailsByUserId(first: 100) { nodes { id } } } }')).userById.userEmailsByUserId.nodes)).toEqual(keys(truth.childrenOf('UserEmail', 'userByUserId', 2)));
    },
  },
  {
    name: 'updateUserById changes the row everywhere it is read',
    run: async (t, truth) => {
      const { updateUserById } = await ok(t, 'mutation { updateUserById(input: { id: 4, userPatch: { name: "Grace", age: 99 } }) { user { id name age role } organizationByOrganizationId { id } } }');
      const before = truth.byKey('User', 4)!;
      expect(updateUserById).toEqual({ user: { id: 4, name: 'Grace', age: 99, role: before.role }, organizationByOrganizationId: { id: before.organizationId } });
      truth.recordUpdate('User', 4, { name: 'Grace', age: 99 });
      const { allUsers } = await ok(t, '{ allUsers(condition: { age: 99 }) { nodes { id name } } }');
      expect(allUsers.nodes).toEqual(truth.rows('User').filter((u) => u.age === 99).map((u) => ({ id: u.id, name: u.name })));
      expect(allUsers.nodes).toContainEqual({ id: 4, name: 'Grace' });
    },
  },
  {
    name: 'deleteUserEmailById answers the deleted row and its node id; reads no longer see it',
    run: async (t, truth) => {
      const victim = truth.rows('UserEmail').find((e: Row) => e.$refs.userByUserId === 1) ?? truth.rows('UserEmail')[0];
      const { deleteUserEmailById } = await ok(t, `mutation { deleteUserEmailById(input: { id: ${victim.id} }) { userEmail { id email } deletedUserEmailNodeId } }`);
      expect(deleteUserEmailById).toEqual({ userEmail: { id: victim.id, email: victim.email }, deletedUserEmailNodeId: globalId('postgraphile', 'UserEmail', 'user_emails', victim.id) });
      truth.recordDelete('UserEmail', victim.id);
      const owner = victim.$refs.userByUserId;
      const { userById } = await ok(t, `{ userById(id: ${owner}) { userEmailsByUserId(first: 100) { totalCount nodes { id } } } }`);
      expect(keys(userById.userEmailsByUserId.nodes)).toEqual(keys(truth.childrenOf('UserEmail', 'userByUserId', owner)));
      expect(ROLES).toContain(truth.byKey('User', owner)!.role);
    },
  },
];
