import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, projects and roles, API keys, sessions, blueprints with revisions, audit events. */
export class Foundation1795305600000 implements MigrationInterface {
  name = 'Foundation1795305600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        name text NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);

    await q.query(`
      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`);

    await q.query(`
      CREATE TABLE projects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        slug text NOT NULL UNIQUE,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE memberships (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('OWNER', 'EDITOR', 'VIEWER')),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        UNIQUE (user_id, project_id)
      )`);
    await q.query(`CREATE INDEX memberships_project_id_idx ON memberships (project_id)`);

    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL,
        role text NOT NULL CHECK (role IN ('EDITOR', 'VIEWER')),
        secret_hash text NOT NULL UNIQUE,
        prefix text NOT NULL,
        last4 text NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        expires_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_keys_project_id_idx ON api_keys (project_id)`);

    await q.query(`
      CREATE TABLE blueprints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL,
        description text,
        locale text NOT NULL,
        default_seed integer NOT NULL,
        current_revision integer NOT NULL CHECK (current_revision >= 1),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX blueprints_project_id_idx ON blueprints (project_id, created_at)`);

    await q.query(`
      CREATE TABLE blueprint_revisions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        blueprint_id uuid NOT NULL REFERENCES blueprints(id) ON DELETE CASCADE,
        number integer NOT NULL CHECK (number >= 1),
        document jsonb NOT NULL,
        author_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        UNIQUE (blueprint_id, number)
      )`);

    await q.query(`
      CREATE TABLE audit_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid REFERENCES projects(id) ON DELETE CASCADE,
        actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        actor_api_key_id uuid REFERENCES api_keys(id) ON DELETE SET NULL,
        action text NOT NULL,
        target_type text NOT NULL,
        target_id text,
        data jsonb,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_events_project_idx ON audit_events (project_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['audit_events', 'blueprint_revisions', 'blueprints', 'api_keys', 'memberships', 'projects', 'sessions', 'users']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
