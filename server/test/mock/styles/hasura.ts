/**
 * An SDL in the shape Hasura writes (`query_root`, tables named as types,
 * `where` boolean expressions with `_eq/_in/_gt/_ilike/_and/_or/_not`,
 * `order_by`, `limit/offset`, `*_by_pk`, `*_aggregate`, `insert_*_one`,
 * `update_*_by_pk` with `_set`/`_inc`, bulk `update_*`/`delete_*` answering
 * `affected_rows` and `returning`, live subscriptions), with a dozen queries
 * an app would send.
 */
import { expect } from '@jest/globals';
import { ok, type StyleCase } from './cases';
import { keys, sortBy } from './truth';

export const HASURA_SDL = /* GraphQL */ `
schema { query: query_root mutation: mutation_root subscription: subscription_root }
scalar uuid
scalar timestamptz
enum order_by { asc asc_nulls_first asc_nulls_last desc desc_nulls_first desc_nulls_last }
input Int_comparison_exp { _eq: Int _gt: Int _gte: Int _in: [Int!] _is_null: Boolean _lt: Int _lte: Int _neq: Int _nin: [Int!] }
input String_comparison_exp { _eq: String _gt: String _ilike: String _in: [String!] _is_null: Boolean _like: String _lt: String _neq: String _nilike: String _nin: [String!] _nlike: String }
input Boolean_comparison_exp { _eq: Boolean _neq: Boolean }
input uuid_comparison_exp { _eq: uuid _in: [uuid!] _neq: uuid }

"""
columns and relationships of "users"
"""
type users {
  id: Int!
  name: String!
  email: String!
  age: Int
  created_at: timestamptz!
  posts(where: posts_bool_exp, order_by: [posts_order_by!], limit: Int, offset: Int): [posts!]!
  posts_aggregate(where: posts_bool_exp): posts_aggregate!
}
type posts {
  id: uuid!
  title: String!
  body: String
  likes: Int!
  published: Boolean!
  author_id: Int!
  author: users!
}
type users_aggregate { aggregate: users_aggregate_fields nodes: [users!]! }
type users_aggregate_fields { count(columns: [users_select_column!], distinct: Boolean): Int! max: users_max_fields min: users_min_fields avg: users_avg_fields sum: users_sum_fields }
type users_max_fields { id: Int age: Int name: String }
type users_min_fields { id: Int age: Int name: String }
type users_avg_fields { id: Float age: Float }
type users_sum_fields { id: Int age: Int }
type posts_aggregate { aggregate: posts_aggregate_fields nodes: [posts!]! }
type posts_aggregate_fields { count(columns: [posts_select_column!], distinct: Boolean): Int! max: posts_max_fields sum: posts_sum_fields }
type posts_max_fields { likes: Int title: String }
type posts_sum_fields { likes: Int }
input users_bool_exp { _and: [users_bool_exp!] _not: users_bool_exp _or: [users_bool_exp!] age: Int_comparison_exp email: String_comparison_exp id: Int_comparison_exp name: String_comparison_exp }
input posts_bool_exp { _and: [posts_bool_exp!] _not: posts_bool_exp _or: [posts_bool_exp!] author_id: Int_comparison_exp id: uuid_comparison_exp likes: Int_comparison_exp published: Boolean_comparison_exp title: String_comparison_exp }
input users_order_by { age: order_by email: order_by id: order_by name: order_by }
input posts_order_by { likes: order_by title: order_by }
enum users_select_column { age created_at email id name }
enum posts_select_column { author_id body id likes published title }
input users_pk_columns_input { id: Int! }
input users_set_input { age: Int email: String name: String }
input users_inc_input { age: Int }
input users_insert_input { age: Int email: String name: String }
input posts_insert_input { author_id: Int body: String likes: Int published: Boolean title: String }
type users_mutation_response { affected_rows: Int! returning: [users!]! }
type posts_mutation_response { affected_rows: Int! returning: [posts!]! }

type query_root {
  users(distinct_on: [users_select_column!], limit: Int, offset: Int, order_by: [users_order_by!], where: users_bool_exp): [users!]!
  users_aggregate(distinct_on: [users_select_column!], limit: Int, offset: Int, order_by: [users_order_by!], where: users_bool_exp): users_aggregate!
  users_by_pk(id: Int!): users
  posts(limit: Int, offset: Int, order_by: [posts_order_by!], where: posts_bool_exp): [posts!]!
  posts_by_pk(id: uuid!): posts
}
type mutation_root {
  insert_users_one(object: users_insert_input!): users
  insert_posts(objects: [posts_insert_input!]!): posts_mutation_response
  update_users_by_pk(pk_columns: users_pk_columns_input!, _inc: users_inc_input, _set: users_set_input): users
  update_users(where: users_bool_exp!, _set: users_set_input): users_mutation_response
  delete_posts_by_pk(id: uuid!): posts
  delete_posts(where: posts_bool_exp!): posts_mutation_response
}
type subscription_root {
  users(limit: Int, offset: Int, order_by: [users_order_by!], where: users_bool_exp): [users!]!
  users_by_pk(id: Int!): users
}
`;

const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export const HASURA_CASES: StyleCase[] = [
  {
    name: 'where with _gt, order_by desc and limit',
    run: async (t, truth) => {
      const { users } = await ok(t, '{ users(where: { age: { _gt: 30 } }, order_by: [{ age: desc }, { id: asc }], limit: 10) { id age } }');
      const matching = truth.rows('users').filter((u) => u.age !== null && u.age > 30);
      expect(keys(users)).toEqual(keys(sortBy(matching, [(u) => u.age, 'desc'], [(u) => u.id, 'asc']).slice(0, 10)));
      for (const u of users) expect(u.age).toBeGreaterThan(30);
    },
  },
  {
    name: '_and of _ilike and _is_null',
    run: async (t, truth) => {
      const { users } = await ok(t, '{ users(where: { _and: [{ name: { _ilike: "%a%" } }, { age: { _is_null: false } }] }) { id name age } }');
      expect(keys(users)).toEqual(keys(truth.rows('users').filter((u) => /a/i.test(u.name) && u.age !== null)));
    },
  },
  {
    name: 'limit/offset paging of an _or walks every matching row once',
    run: async (t, truth) => {
      const seen: string[] = [];
      for (let offset = 0; offset < 1000; offset += 8) {
        const { users } = await ok(t, 'query($offset: Int) { users(where: { _or: [{ age: { _lt: 25 } }, { age: { _gte: 60 } }] }, order_by: { id: asc }, limit: 8, offset: $offset) { id age } }', { offset });
        seen.push(...keys(users));
        if (users.length < 8) break;
      }
      const matching = truth.rows('users').filter((u) => u.age !== null && (u.age < 25 || u.age >= 60));
      expect(matching.length).toBeGreaterThan(8);
      expect(seen).toEqual(keys(matching));
    },
  },
  {
    name: 'by primary key, with its children ordered and limited',
    run: async (t, truth) => {
      const { users_by_pk } = await ok(t, '{ users_by_pk(id: 7) { id name posts(order_by: { likes: desc }, limit: 3) { id likes author_id } } }');
      const posts = truth.childrenOf('posts', 'author', 7);
      expect(users_by_pk.id).toBe(7);
      expect(users_by_pk.posts).toEqual(sortBy(posts, [(p) => p.likes, 'desc']).slice(0, 3).map((p) => ({ id: p.id, likes: p.likes, author_id: 7 })));
    },
  },
  {
    name: 'an aggregate agrees with its nodes and with the rows',
    run: async (t, truth) => {
      const { users_aggregate } = await ok(t, '{ users_aggregate(where: { age: { _gte: 40 } }) { aggregate { count max { age } min { age } avg { age } sum { age } } nodes { id age } } }');
      const ages = truth.rows('users').filter((u) => u.age !== null && u.age >= 40).map((u) => u.age as number);
      expect(users_aggregate.aggregate).toEqual({ count: ages.length, max: { age: Math.max(...ages) }, min: { age: Math.min(...ages) }, avg: { age: expect.closeTo(avg(ages), 6) }, sum: { age: ages.reduce((a, b) => a + b, 0) } });
      expect(users_aggregate.nodes.length).toBe(ages.length);
    },
  },
  {
    name: '_in on a reference and _eq on a boolean',
    run: async (t, truth) => {
      const { posts } = await ok(t, '{ posts(where: { author_id: { _in: [1, 2, 3] }, published: { _eq: true } }) { id author_id published } }');
      expect(keys(posts)).toEqual(keys(truth.rows('posts').filter((p) => [1, 2, 3].includes(p.author_id) && p.published === true)));
    },
  },
  {
    name: 'a uuid key, and the row it points at',
    run: async (t, truth) => {
      const post = truth.rows('posts')[5];
      expect(post.id).toMatch(/^[0-9a-f-]{36}$/);
      const { posts_by_pk } = await ok(t, 'query($id: uuid!) { posts_by_pk(id: $id) { id title author { id name } } }', { id: post.id });
      expect(posts_by_pk).toEqual({ id: post.id, title: post.title, author: { id: post.author_id, name: truth.byKey('users', post.author_id)!.name } });
    },
  },
  {
    name: 'keys that do not exist select nothing',
    run: async (t) => {
      const { users } = await ok(t, '{ users(where: { id: { _in: [3, 1, 99999] } }) { id } }');
      expect(keys(users).sort()).toEqual(['1', '3']);
      expect((await ok(t, '{ users_by_pk(id: 99999) { id } }')).users_by_pk).toBeNull();
    },
  },
  {
    name: '_like and _nlike together, and an aggregate of children agreeing with them',
    run: async (t, truth) => {
      const { users } = await ok(t, '{ users(where: { email: { _like: "%@%" }, name: { _nlike: "A%" } }, limit: 5) { id name email } }');
      expect(keys(users)).toEqual(keys(truth.rows('users').filter((u) => u.email.includes('@') && !u.name.startsWith('A')).slice(0, 5)));
      const { users_by_pk } = await ok(t, '{ users_by_pk(id: 5) { posts_aggregate(where: { likes: { _gt: 10 } }) { aggregate { count max { likes } } } posts(where: { likes: { _gt: 10 } }) { id likes } } }');
      const liked = truth.childrenOf('posts', 'author', 5).filter((p) => p.likes > 10);
      expect(users_by_pk.posts_aggregate.aggregate).toEqual({ count: liked.length, max: { likes: liked.length ? Math.max(...liked.map((p) => p.likes)) : null } });
      expect(keys(users_by_pk.posts)).toEqual(keys(liked));
    },
  },
  {
    name: 'insert_users_one answers the row, read back by its key',
    run: async (t, truth) => {
      const { insert_users_one } = await ok(t, 'mutation { insert_users_one(object: { name: "Ada", email: "ada@example.com", age: 36 }) { id name email age } }');
      expect(insert_users_one).toMatchObject({ name: 'Ada', email: 'ada@example.com', age: 36 });
      expect(truth.byKey('users', insert_users_one.id)).toBeUndefined();
      const { users_by_pk } = await ok(t, `{ users_by_pk(id: ${insert_users_one.id}) { id name email age created_at } }`);
      expect(users_by_pk).toMatchObject(insert_users_one);
      truth.recordCreate('users', users_by_pk);
      expect((await ok(t, '{ users_aggregate { aggregate { count } } }')).users_aggregate.aggregate.count).toBe(truth.rows('users').length);
    },
  },
  {
    name: 'update_users_by_pk with _set and _inc',
    run: async (t, truth) => {
      const before = truth.byKey('users', 2)!;
      const { update_users_by_pk } = await ok(t, 'mutation { update_users_by_pk(pk_columns: { id: 2 }, _set: { name: "Grace" }, _inc: { age: 1 }) { id name age } }');
      expect(update_users_by_pk).toEqual({ id: 2, name: 'Grace', age: before.age === null ? 1 : before.age + 1 });
      truth.recordUpdate('users', 2, { name: 'Grace', age: update_users_by_pk.age });
      expect((await ok(t, '{ users(where: { name: { _eq: "Grace" } }) { id age } }')).users).toEqual(truth.rows('users').filter((u) => u.name === 'Grace').map((u) => ({ id: u.id, age: u.age })));
    },
  },
  {
    name: 'insert_posts answers affected_rows and returning; delete_posts with a where, read back',
    run: async (t, truth) => {
      const { insert_posts } = await ok(t, 'mutation { insert_posts(objects: [{ title: "first", author_id: 1, likes: 0, published: true }, { title: "second", author_id: 1, likes: 1, published: false }]) { affected_rows returning { id title author_id likes published } } }');
      expect(insert_posts.affected_rows).toBe(2);
      for (const post of insert_posts.returning) truth.recordCreate('posts', post, { author: 1 });
      expect(keys((await ok(t, '{ users_by_pk(id: 1) { posts { id } } }')).users_by_pk.posts)).toEqual(keys(truth.childrenOf('posts', 'author', 1)));
      const { delete_posts } = await ok(t, 'mutation { delete_posts(where: { likes: { _lt: 2 } }) { affected_rows returning { id likes } } }');
      const doomed = truth.rows('posts').filter((p) => p.likes < 2);
      expect(delete_posts.affected_rows).toBe(doomed.length);
      expect(keys(delete_posts.returning).sort()).toEqual(keys(doomed).sort());
      for (const p of doomed) truth.recordDelete('posts', p.id);
      expect((await ok(t, '{ posts(where: { likes: { _lt: 2 } }) { id } }')).posts).toEqual([]);
    },
  },
  {
    name: 'update_users with a where changes every row it selects',
    run: async (t, truth) => {
      const { update_users } = await ok(t, 'mutation { update_users(where: { age: { _gte: 80 } }, _set: { email: "old@example.com" }) { affected_rows returning { id } } }');
      const old = truth.rows('users').filter((u) => u.age !== null && u.age >= 80);
      expect(update_users.affected_rows).toBe(old.length);
      for (const u of old) truth.recordUpdate('users', u.id, { email: 'old@example.com' });
      expect(keys((await ok(t, '{ users(where: { email: { _eq: "old@example.com" } }) { id } }')).users)).toEqual(keys(truth.rows('users').filter((u) => u.email === 'old@example.com')));
    },
  },
];
