/**
 * References no constraint declares (Rails apps before add_foreign_key,
 * WordPress, MyISAM tables): a `<table>_id` column whose name and type match
 * one table's key points at that table's rows.
 */
import { compileBlueprint, previewRows } from '@seedbed/engine';
import { importText } from './load-helpers';

const RAILS = `
CREATE TABLE public.users (id integer NOT NULL, username character varying(60) NOT NULL);
CREATE TABLE public.categories (id integer NOT NULL, name character varying(50) NOT NULL, parent_category_id integer);
CREATE TABLE public.topics (id integer NOT NULL, title character varying NOT NULL, user_id integer, category_id integer,
  external_user_id character varying(40), post_action_type_id integer, commentable_type character varying, commentable_id integer);
CREATE TABLE public.topic_users (topic_id integer NOT NULL, user_id integer NOT NULL, notification_level integer);
ALTER TABLE ONLY public.users ADD CONSTRAINT users_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.categories ADD CONSTRAINT categories_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.topics ADD CONSTRAINT topics_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.topic_users ADD CONSTRAINT topic_users_pkey PRIMARY KEY (topic_id, user_id);
`;

describe('references by name', () => {
  it('point <table>_id columns at that table when no foreign key is declared, and say so', async () => {
    const { document, report } = await importText('POSTGRES_DDL', RAILS);
    const field = (table: string, name: string) => document.tables.find((t) => t.name === table)!.fields.find((f) => f.name === name)!;
    expect(field('topics', 'user_id')).toMatchObject({ generator: 'ref', options: { table: 'users' } });
    expect(field('topics', 'category_id')).toMatchObject({ generator: 'ref', options: { table: 'categories' } });
    // The longest tail that names a table.
    expect(field('categories', 'parent_category_id')).toMatchObject({ generator: 'ref', options: { table: 'categories' } });
    expect(report.find((d) => d.table === 'topics' && d.field === 'user_id')!.reason).toMatch(/by its name \(no foreign key is declared/);
    // No such table, a key of another type, a polymorphic pair: not references.
    expect(field('topics', 'post_action_type_id').generator).not.toBe('ref');
    expect(field('topics', 'external_user_id').generator).not.toBe('ref');
    expect(field('topics', 'commentable_id').generator).not.toBe('ref');
    // A junction's key columns are references too.
    expect(field('topic_users', 'topic_id').generator).toBe('ref');

    const plan = compileBlueprint(document);
    const users = previewRows(plan, 'users', 0, plan.table('users').layout.rows).rows.map((r) => r[0]);
    const topics = previewRows(plan, 'topics', 0, Math.min(200, plan.table('topics').layout.rows)).rows;
    const userColumn = document.tables.find((t) => t.name === 'topics')!.fields.findIndex((f) => f.name === 'user_id');
    expect(topics.every((r) => r[userColumn] === null || users.includes(r[userColumn]))).toBe(true);
  });
});
