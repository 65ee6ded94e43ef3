import type { BlueprintDocument } from '@seedbed/engine';

export const blog: BlueprintDocument = {
  seedbed: 1,
  name: 'blog',
  description: 'Authors, posts with slugs and bodies, tags and comments; some posts are still drafts.',
  locale: 'en',
  seed: 42,
  refDate: '2025-01-01',
  tables: [
    {
      name: 'authors',
      rows: 50,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'name', generator: 'person.fullName' },
        { name: 'username', generator: 'internet.username', unique: true },
        { name: 'bio', generator: 'person.bio', nullRate: 0.3 },
      ],
    },
    {
      name: 'posts',
      rows: { perParent: 'authors', min: 0, max: 20 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'author_id', generator: 'ref', options: { table: 'authors' } },
        { name: 'title', generator: 'lorem.sentence' },
        { name: 'slug', generator: 'formula', options: { expr: "lower(replace(title, ' ', '-')) & '-' & id" } },
        { name: 'body', generator: 'lorem.paragraphs', options: { count: 3 } },
        { name: 'published_at', generator: 'date.between', options: { from: '2020-01-01', to: '2024-12-31' }, nullRate: 0.2 },
      ],
    },
    {
      name: 'tags',
      rows: 30,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'name', generator: 'word.noun' },
      ],
    },
    {
      name: 'post_tags',
      rows: { perParent: 'posts', min: 0, max: 3 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'post_id', generator: 'ref', options: { table: 'posts' } },
        { name: 'tag_id', generator: 'ref', options: { table: 'tags' } },
      ],
    },
    {
      name: 'comments',
      rows: { perParent: 'posts', min: 0, max: 8, distribution: 'poisson', mean: 2 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'post_id', generator: 'ref', options: { table: 'posts' } },
        { name: 'author_name', generator: 'person.fullName' },
        { name: 'body', generator: 'lorem.sentences', options: { count: 2 } },
        { name: 'created_at', generator: 'date.between', options: { from: '2020-01-01', to: '2024-12-31' } },
      ],
    },
  ],
};
