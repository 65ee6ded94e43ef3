/**
 * Composite keys and the other keys an import writes: what validation
 * refuses (with the path a user fixes), the tuple spaces refused before any
 * row is made, every strategy keeping tuples distinct, and the same bytes
 * for any offset or worker split.
 */
import { compileBlueprint, EngineError, streamTable, validateBlueprint } from '@seedbed/engine';
import type { BlueprintDocument, FieldDef, TableDef } from '../../../packages/engine/src/document/types';
import { ChunkWorkerPool } from '../../../packages/engine/src/parallel/worker-pool';
import { collect, doc } from './helpers';
import { pagila } from './pagila-fixture';

const films: TableDef = { name: 'film', rows: 12, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'title', generator: 'lorem.words' }] };
const actors = (rows: number): TableDef => ({ name: 'actor', rows, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }] });
const ref = (name: string, table: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, generator: 'ref', options: { table }, ...extra });

function junction(rows: TableDef['rows'], actorRows = 8): BlueprintDocument {
  return doc([films, actors(actorRows), { name: 'film_actor', rows, primaryKey: ['film_id', 'actor_id'], fields: [ref('film_id', 'film'), ref('actor_id', 'actor')] }]);
}

async function tuples(d: BlueprintDocument, table: string, fields: string[]): Promise<string[]> {
  const rows = (await collect(streamTable(compileBlueprint(d), table, 'ndjson'))).trim().split('\n').map((l) => JSON.parse(l));
  return rows.map((r) => fields.map((f) => JSON.stringify(r[f])).join('/'));
}

function refusal(d: BlueprintDocument, rowOverrides?: Record<string, number>): EngineError {
  try {
    compileBlueprint(d, { rowOverrides });
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error('compiled');
}

const paths = (d: unknown) => validateBlueprint(d).map((i) => i.path);

describe('validation of the import keys', () => {
  it('points at unknown and repeated key fields, nullable key fields and repeated keys', () => {
    const d = doc([
      films,
      {
        name: 'pair',
        rows: 5,
        primaryKey: ['a', 'nope', 'a'],
        unique: [['a', 'b'], ['B', 'A'], ['zz', 'a']],
        fields: [{ name: 'a', generator: 'sequence' }, { name: 'b', generator: 'lorem.word', nullRate: 0.5 }],
      },
      { name: 'nullable_key', rows: 5, primaryKey: ['x', 'y'], fields: [{ name: 'x', generator: 'sequence' }, { name: 'y', generator: 'lorem.word', nullRate: 0.1 }] },
    ]);
    expect(paths(d)).toEqual(expect.arrayContaining(['tables[1].primaryKey[1]', 'tables[1].primaryKey[2]', 'tables[1].unique[1]', 'tables[1].unique[2][0]', 'tables[2].fields[1].nullRate']));
  });

  it('refuses a reference to a composite key without `field`', () => {
    const d = doc([{ name: 'pair', rows: 5, primaryKey: ['a', 'b'], fields: [{ name: 'a', generator: 'sequence' }, { name: 'b', generator: 'sequence' }] }, { name: 'child', rows: 3, fields: [ref('p', 'pair')] }]);
    expect(paths(d)).toContain('tables[1].fields[0].options.field');
  });

  it.each([
    ["text); DROP TABLE users; --"],
    ["varchar(10"],
    ["int /* x */"],
    ["enum('a\\'),(1')"],
    ['x'.repeat(129)],
    ['integer DEFAULT 1'],
    ['text CHECK (length(x) > 0)'],
    ['int GENERATED ALWAYS AS (pg_sleep(9)) STORED'],
    ['timestamp ON UPDATE CURRENT_TIMESTAMP'],
  ])('refuses the sqlType %j, which is no type name', (sqlType) => {
    const d = doc([{ name: 't', rows: 1, fields: [{ name: 'a', generator: 'sequence', sqlType }] }]);
    expect(paths(d)).toContain('tables[0].fields[0].sqlType');
  });

  it.each([
    ['varchar(40)'], ['numeric(10, 2)'], ['text[]'], ['timestamp with time zone'], ['public.mpaa_rating'], ['"Mood"'], ["enum('G','PG-13','it''s','not null')"], ['integer[3][3]'],
    ['double precision'], ['interval day to second'], ['int unsigned'], ['varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin'], ['geometry(Point, 4326)'],
  ])(
    'accepts the sqlType %j',
    (sqlType) => {
      // A NULL fits any type: only the sqlType's spelling is under test here.
      expect(validateBlueprint(doc([{ name: 't', rows: 1, fields: [{ name: 'a', generator: 'constant', options: { value: null }, sqlType }] }]))).toEqual([]);
    },
  );

  it('checks enums and domains: repeated labels, clashing names, CHECKs that could end the statement', () => {
    const d = doc([films], {
      enums: { mood: ['sad', 'ok', 'sad'] },
      domains: {
        Mood: { type: 'text' },
        pos: { type: 'integer', check: 'VALUE > 0); DROP TABLE film; --' },
        fine: { type: 'numeric(5,2)', check: "VALUE >= 0 AND VALUE::text <> 'x'" },
        // A regex domain as pg_dump writes it: its backslashes are plain characters in a standard string.
        email: { type: 'varchar(254)', check: "((VALUE)::text ~* '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$'::text)" },
        // An escape string could end where a plain reading does not, and let the rest run as SQL.
        escaped: { type: 'text', check: "VALUE = E'\\'' OR VALUE = '); DROP TABLE film; SELECT ('" },
      },
    });
    expect(validateBlueprint(d).map((i) => i.path).sort()).toEqual(['domains.Mood', 'domains.escaped.check', 'domains.pos.check', 'enums.mood[2]']);
  });

  it('takes a row-read bound only as one lone {field} of a type it can hold', () => {
    const d = doc([
      {
        name: 'spans',
        rows: 5,
        fields: [
          { name: 'start', generator: 'date.between', options: { from: '2024-01-01', to: '2024-02-01' } },
          { name: 'label', generator: 'lorem.word' },
          { name: 'ok', generator: 'date.between', options: { from: '{start}', to: '2024-06-01' } },
          { name: 'mixed', generator: 'date.between', options: { from: '{start}x', to: '2024-06-01' } },
          { name: 'wrong_type', generator: 'number.int', options: { min: '{label}', max: 10 } },
          { name: 'empty', generator: 'number.int', options: { min: 5, max: 5, minExclusive: true } },
        ],
      },
    ]);
    expect(validateBlueprint(d).map((i) => i.path).sort()).toEqual(['tables[0].fields[3].options.from', 'tables[0].fields[4].options.min', 'tables[0].fields[5].options.max']);
  });
});

describe('distinct tuples', () => {
  it('gives a junction table sized per parent distinct pairs of existing parents, up to every actor per film', async () => {
    const pairs = await tuples(junction({ perParent: 'film', min: 8, max: 8 }), 'film_actor', ['film_id', 'actor_id']);
    expect(pairs).toHaveLength(12 * 8);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('refuses more children per parent than the other table has rows, at the rows of the table, before generating', () => {
    const d = junction({ perParent: 'film', min: 1, max: 9 });
    expect(validateBlueprint(d)).toEqual([{ path: 'tables[2].rows', message: expect.stringMatching(/up to 9 rows per film.*only 8 distinct \(actor_id\)/) }]);
    // A count set at generation time (rows of the other table overridden) is refused by the plan itself.
    const overridden = refusal(junction({ perParent: 'film', min: 1, max: 8 }), { actor: 7 });
    expect([overridden.path, overridden.message]).toEqual(['tables[2].rows', expect.stringMatching(/only 7 distinct/)]);
    const error = refusal(d);
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.path).toBe('tables[2].rows');
    expect(error.message).toMatch(/up to 9 rows per film.*only 8 distinct \(actor_id\)/);
  });

  it('permutes a fixed-size table over the product of its key spaces, and refuses rows beyond it', async () => {
    const d = (rows: number) => doc([films, { name: 'tagged', rows, primaryKey: ['film_id', 'tag'], fields: [ref('film_id', 'film'), { name: 'tag', generator: 'list', options: { values: ['a', 'b', 'c'] } }] }]);
    const all = await tuples(d(36), 'tagged', ['film_id', 'tag']);
    expect(new Set(all).size).toBe(36);
    const error = refusal(d(37));
    expect([error.path, error.message]).toEqual(['tables[1].rows', expect.stringMatching(/37 rows.*only 36 distinct tuples/)]);
    expect(validateBlueprint(d(37)).map((i) => i.path)).toEqual(['tables[1].rows']);
  });

  it('retries over the tuple when a component has no enumerable space (a timestamp beside a ref)', async () => {
    const d = doc([
      actors(3),
      {
        name: 'visit',
        rows: 300,
        unique: [['at', 'actor_id']],
        fields: [{ name: 'at', generator: 'date.between', options: { from: '2024-01-01', to: '2024-01-01T00:02:00Z' } }, ref('actor_id', 'actor')],
      },
    ]);
    const pairs = await tuples(d, 'visit', ['at', 'actor_id']);
    expect(new Set(pairs).size).toBe(300);
    // Not vacuous: 121 seconds × 3 actors, so 300 draws would repeat without the retries.
    expect(new Set(pairs.map((p) => p.split('/')[0])).size).toBeLessThan(300);
  });

  it('keeps a composite key whose component is a sequence as it is (distinct already)', async () => {
    const d = doc([films, { name: 'n', rows: 30, primaryKey: ['film_id', 'seq'], fields: [ref('film_id', 'film'), { name: 'seq', generator: 'sequence' }] }]);
    expect(new Set(await tuples(d, 'n', ['film_id', 'seq'])).size).toBe(30);
  });
});

describe('bounds read from the row', () => {
  it('keeps end after start for dates, timestamps and numbers, strictly where asked', async () => {
    const d = doc([
      {
        name: 'spans',
        rows: 500,
        fields: [
          { name: 'starts', generator: 'date.between', options: { from: '2024-01-01', to: '2024-01-03' } },
          { name: 'ends', generator: 'date.between', options: { from: '{starts}', to: '2024-01-03', fromExclusive: true } },
          { name: 'end_day', generator: 'date.between', options: { from: '{starts}', to: '2024-01-05', dateOnly: true } },
          { name: 'low', generator: 'number.int', options: { min: 0, max: 10 } },
          { name: 'high', generator: 'number.int', options: { min: '{low}', max: 10, minExclusive: true } },
          { name: 'price', generator: 'number.float', options: { min: 1, max: 2, precision: 0.01 } },
          { name: 'cost', generator: 'number.float', options: { min: '{price}', max: 3, precision: 0.01, minExclusive: true } },
        ],
      },
    ]);
    const rows = (await collect(streamTable(compileBlueprint(d), 'spans', 'ndjson'))).trim().split('\n').map((l) => JSON.parse(l));
    for (const r of rows) {
      expect(Date.parse(r.ends)).toBeGreaterThan(Date.parse(r.starts));
      // A date is its midnight: a day after a timestamp starts the next day.
      expect(Date.parse(`${r.end_day}T00:00:00Z`)).toBeGreaterThanOrEqual(Date.parse(r.starts));
      expect(r.high > r.low || r.low === 10).toBe(true);
      expect(r.cost).toBeGreaterThan(r.price);
    }
    expect(rows.some((r) => r.low < 9 && r.high - r.low > 1)).toBe(true);
  });
});

describe('determinism', () => {
  it('gives the same bytes for the pagila document with any offset, chunk size and worker split', async () => {
    const plan = compileBlueprint(pagila);
    const helpers = new ChunkWorkerPool(1);
    try {
      for (const format of ['csv', 'sql', 'ndjson'] as const) {
        for (const name of plan.order) {
          const whole = await collect(streamTable(plan, name, format, { chunkRows: 10_000 }));
          expect(await collect(streamTable(plan, name, format, { workers: 2, chunkRows: 7 }))).toBe(whole);
          expect(await collect(streamTable(compileBlueprint(pagila), name, format, { helpers, chunkRows: 13 }))).toBe(whole);
          if (format === 'ndjson') {
            const lines = whole.trim().split('\n');
            const tail = await collect(streamTable(plan, name, format, { offset: 5, chunkRows: 3 }));
            expect(tail.trim().split('\n')).toEqual(lines.slice(5));
          }
        }
      }
    } finally {
      await helpers.close();
    }
  });
});

describe('composite references', () => {
  /** Organizations, their users and projects; tasks pick a project, take its organization, and an assignee of that organization. */
  const tenants = (tasks: Partial<TableDef> = {}): BlueprintDocument =>
    doc([
      { name: 'orgs', rows: 6, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }] },
      { name: 'users', rows: { perParent: 'orgs', min: 2, max: 4 }, primaryKey: ['org_id', 'id'], fields: [ref('org_id', 'orgs'), { name: 'id', generator: 'sequence', options: { start: 100 } }] },
      { name: 'projects', rows: { perParent: 'orgs', min: 1, max: 3 }, primaryKey: ['org_id', 'id'], fields: [ref('org_id', 'orgs'), { name: 'id', generator: 'sequence', options: { start: 500 } }] },
      {
        name: 'tasks',
        rows: 300,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence' },
          { name: 'project_id', generator: 'ref', options: { table: 'projects', field: 'id' } },
          { name: 'org_id', generator: 'ref', options: { table: 'projects', field: 'org_id', via: 'project_id' } },
          { name: 'assignee_id', generator: 'ref', options: { table: 'users', field: 'id', match: { org_id: 'org_id' } }, nullRate: 0.2 },
        ],
        ...tasks,
      },
    ]);

  const rows = async (d: BlueprintDocument, table: string) => (await collect(streamTable(compileBlueprint(d), table, 'ndjson'))).trim().split('\n').map((l) => JSON.parse(l));

  it('takes every column of a composite key from one parent row, and picks within the row tenant', async () => {
    const d = tenants();
    expect(validateBlueprint(d)).toEqual([]);
    const projectOrg = new Map((await rows(d, 'projects')).map((p) => [p.id, p.org_id]));
    const userOrg = new Map((await rows(d, 'users')).map((u) => [u.id, u.org_id]));
    const tasks = await rows(d, 'tasks');
    for (const t of tasks) {
      expect(t.org_id).toBe(projectOrg.get(t.project_id));
      if (t.assignee_id !== null) expect(userOrg.get(t.assignee_id)).toBe(t.org_id);
    }
    // Spread over tenants and their users, not one of each.
    expect(new Set(tasks.map((t) => t.org_id)).size).toBe(6);
    expect(new Set(tasks.map((t) => t.assignee_id)).size).toBeGreaterThan(6);
  });

  it('writes the composite foreign keys in its own DDL, and the same bytes for any offset', async () => {
    const plan = compileBlueprint(tenants());
    const sql = await collect(streamTable(plan, 'tasks', 'sql'));
    expect(sql).toContain('FOREIGN KEY ("org_id", "assignee_id") REFERENCES "users" ("org_id", "id")');
    expect(sql).toContain('FOREIGN KEY ("project_id", "org_id") REFERENCES "projects" ("id", "org_id")');
    const whole = await collect(streamTable(plan, 'tasks', 'csv'));
    const tail = await collect(streamTable(plan, 'tasks', 'csv', { offset: 150, output: { header: false } }));
    expect(whole.endsWith(tail)).toBe(true);
  });

  it('refuses a via that picks nothing and a tenant whose rows cannot be found, at the option', () => {
    const bad = tenants();
    bad.tables[3].fields[2] = { name: 'org_id', generator: 'ref', options: { table: 'projects', field: 'org_id', via: 'id' } };
    expect(paths(bad)).toContain('tables[3].fields[2].options.via');
    const unsized = tenants();
    unsized.tables[1].rows = 20;
    const error = refusal(unsized);
    expect(error.path).toBe('tables[3].fields[3].options.match');
    expect(error.message).toMatch(/"users" must be sized per "orgs" row/);
  });
});
