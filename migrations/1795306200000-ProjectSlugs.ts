import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Projects are addressed by slug in URLs (`/p/shop-demo`) as well as by id
 * (issue 15), so a slug must be URL-safe and never read as an id: lower-case
 * words joined by single hyphens, and never UUID-shaped (a project named like
 * a UUID gets `p-` in front, here and in ProjectService).
 */
export class ProjectSlugs1795306200000 implements MigrationInterface {
  name = 'ProjectSlugs1795306200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE projects SET slug = 'p-' || slug
      WHERE slug ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`);
    // Slugs made before this migration were already slugified; anything else is rebuilt from its id.
    await q.query(`UPDATE projects SET slug = 'project-' || replace(id::text, '-', '') WHERE slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$'`);
    await q.query(`
      ALTER TABLE projects ADD CONSTRAINT projects_slug_format CHECK (
        slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 64
        AND slug !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects DROP CONSTRAINT projects_slug_format`);
  }
}
