/**
 * Sizes of real applications (issue 20): a deep chain of "lines per parent"
 * never makes a blueprint of millions of rows (the importer caps the total
 * and says what it changed), and the tables/fields limits are settings that
 * the import, validation and the command read alike.
 */
import { checkTarget } from '@seedbed/import';
import { validateBlueprint, type BlueprintDocument } from '@seedbed/engine';
import { readPostgresDdl } from '../../../packages/import/src/postgres/ddl';
import { inferDocument } from '../../../packages/import/src/infer/document';
import { capTotalRows, IMPORT_ROW_BUDGET } from '../../../packages/import/src/infer/row-budget';
import { checkSourceBounds, sourceLimitsFor } from '../../../packages/import/src/source-bounds';
import { documentLimits } from '../../../packages/seedbed/src/settings';
import { checkRowBounds } from '../../../packages/engine/src/plan/bounds';
import { tableOrder } from '../../../packages/engine/src/plan/order';

/** A project tracker as Rails or Django writes it: each level belongs to the one above, eight deep, beside a lookup. */
const CHAIN = `
CREATE TABLE public.countries (id bigint PRIMARY KEY, name character varying(60) NOT NULL, code character(2) NOT NULL);
CREATE TABLE public.users (id bigint PRIMARY KEY, email character varying(255) NOT NULL, country_id bigint REFERENCES public.countries(id), created_at timestamp(6) without time zone NOT NULL);
CREATE TABLE public.projects (id bigint PRIMARY KEY, user_id bigint NOT NULL REFERENCES public.users(id), name character varying NOT NULL, created_at timestamp(6) without time zone NOT NULL);
CREATE TABLE public.boards (id bigint PRIMARY KEY, project_id bigint NOT NULL REFERENCES public.projects(id), title character varying NOT NULL, created_at timestamp(6) without time zone NOT NULL);
CREATE TABLE public.board_lists (id bigint PRIMARY KEY, board_id bigint NOT NULL REFERENCES public.boards(id), title character varying NOT NULL, position integer NOT NULL);
CREATE TABLE public.cards (id bigint PRIMARY KEY, board_list_id bigint NOT NULL REFERENCES public.board_lists(id), title character varying NOT NULL, due_on date, amount numeric(10,2));
CREATE TABLE public.checklists (id bigint PRIMARY KEY, card_id bigint NOT NULL REFERENCES public.cards(id), title character varying NOT NULL, created_at timestamp(6) without time zone NOT NULL);
CREATE TABLE public.checklist_items (id bigint PRIMARY KEY, checklist_id bigint NOT NULL REFERENCES public.checklists(id), body text NOT NULL, done boolean DEFAULT false NOT NULL, created_at timestamp(6) without time zone NOT NULL);
CREATE TABLE public.checklist_item_comments (id bigint PRIMARY KEY, checklist_item_id bigint NOT NULL REFERENCES public.checklist_items(id), body text NOT NULL, created_at timestamp(6) without time zone NOT NULL);
`;

/** Each table's worst case, as the plan's row limit counts it. */
function worstCase(doc: BlueprintDocument): number {
  return checkRowBounds(doc, {}, tableOrder(doc).order).reduce((a, b) => a + b, 0);
}

describe('the total-row cap of an import', () => {
  it('sizes a deep chain of per-parent tables down to the budget, keeping fixed counts and lookups, and says so', async () => {
    const model = await readPostgresDdl(CHAIN);
    // The same sizing without the cap: per-parent counts multiply down eight levels.
    const uncapped = inferDocument(model, { limits: { rowBudget: Number.MAX_SAFE_INTEGER } });
    const { document, report } = inferDocument(await readPostgresDdl(CHAIN));
    expect(validateBlueprint(document)).toEqual([]);
    const total = worstCase(document);
    expect(total).toBeLessThanOrEqual(IMPORT_ROW_BUDGET);
    // Not sized down further than needed: at least a tenth of the budget is used.
    expect(total).toBeGreaterThan(IMPORT_ROW_BUDGET / 10);

    const rowsOf = (doc: BlueprintDocument, name: string) => doc.tables.find((t) => t.name === name)!.rows;
    expect(rowsOf(document, 'countries')).toEqual(rowsOf(uncapped.document, 'countries'));
    expect(rowsOf(document, 'users')).toEqual(rowsOf(uncapped.document, 'users'));
    // The deepest levels gave way first; the shallow ones kept their spread.
    expect(rowsOf(document, 'projects')).toEqual(rowsOf(uncapped.document, 'projects'));
    expect(rowsOf(document, 'checklist_item_comments')).not.toEqual(rowsOf(uncapped.document, 'checklist_item_comments'));

    const capped = report.filter((d) => d.generator === 'rows' && /capped from/.test(d.reason));
    expect(capped.length).toBeGreaterThan(0);
    expect(capped[0].reason).toMatch(/capped from \d+–\d+ per \w+ row to \d+–\d+ per \w+ row: the schema's per-parent counts multiply to up to [\d,]+ rows; an import keeps the whole blueprint within 1,000,000/);
    for (const d of capped) expect(d.details).toMatchObject({ rows: rowsOf(document, d.table), cappedFrom: rowsOf(uncapped.document, d.table) });
  });

  it("stays within a server's lower plan-row limit, so the blueprint saves there", async () => {
    const { document } = inferDocument(await readPostgresDdl(CHAIN), { limits: { planRows: 2_000 } });
    expect(worstCase(document)).toBeLessThanOrEqual(2_000);
    expect(() => checkRowBounds(document, {}, tableOrder(document).order, 2_000)).not.toThrow();
    expect(validateBlueprint(document)).toEqual([]);
  });

  it('leaves a blueprint within the budget as it was', () => {
    const tables = [
      { name: 'a', rows: 100 },
      { name: 'b', rows: { perParent: 'a', min: 0, max: 15 } },
    ];
    const report: never[] = [];
    expect(capTotalRows(tables, report)).toBeUndefined();
    expect(tables[1].rows).toEqual({ perParent: 'a', min: 0, max: 15 });
  });

  it('shrinks fixed counts too when they alone are past the plan limit', () => {
    const tables: { name: string; rows: number | { perParent: string; min: number; max: number } }[] = [
      { name: 'a', rows: 10_000 },
      { name: 'b', rows: 10_000 },
      { name: 'c', rows: { perParent: 'a', min: 2, max: 5 } },
    ];
    capTotalRows(tables, [], { maxRows: 1_000 });
    const total = (tables[0].rows as number) + (tables[1].rows as number) + (tables[0].rows as number) * (tables[2].rows as { max: number }).max;
    expect(total).toBeLessThanOrEqual(1_000);
    expect(tables[2].rows).toEqual({ perParent: 'a', min: 1, max: 1 });
  });
});

describe('tables and fields per blueprint as settings', () => {
  const many = (tables: number, fields = 1): BlueprintDocument =>
    ({ seedbed: 1, name: 'many', tables: Array.from({ length: tables }, (_, t) => ({ name: `t${t}`, rows: 1, fields: Array.from({ length: fields }, (_, f) => ({ name: `f${f}`, generator: 'uuid' })) })) }) as BlueprintDocument;

  it('refuses past the default, naming the limit and how to raise it, and accepts what a raised limit allows', () => {
    expect(validateBlueprint(many(1_001))).toEqual([{ path: 'tables', message: 'has 1,001 tables; a blueprint holds at most 1,000 (the operator raises it with SEEDBED_MAX_TABLES (the server and the seedbed command read it), up to 10,000)' }]);
    expect(validateBlueprint(many(1_001), { maxTables: 2_000 })).toEqual([]);
    expect(validateBlueprint(many(1, 501))).toEqual([{ path: 'tables[0].fields', message: expect.stringMatching(/^has 501 fields; a table holds at most 500 \(.*SEEDBED_MAX_FIELDS.*up to 1,600\)$/) }]);
    expect(validateBlueprint(many(1, 501), { maxFields: 600 })).toEqual([]);
    // The ceiling holds whatever the setting: one issue, the limit's own words.
    expect(validateBlueprint(many(1, 1_601), { maxFields: 5_000 }).map((i) => i.path)).toEqual(['tables[0].fields']);
  });

  it('reads SEEDBED_MAX_TABLES / SEEDBED_MAX_FIELDS with their defaults and refuses a setting past the ceiling', () => {
    expect(documentLimits({})).toEqual({ maxTables: 1_000, maxFields: 500 });
    expect(documentLimits({ SEEDBED_MAX_TABLES: '3000', SEEDBED_MAX_FIELDS: '800' })).toEqual({ maxTables: 3_000, maxFields: 800 });
    expect(() => documentLimits({ SEEDBED_MAX_TABLES: '20000' })).toThrow('SEEDBED_MAX_TABLES must be at most 10,000 (got 20,000)');
    expect(() => documentLimits({ SEEDBED_MAX_FIELDS: 'lots' })).toThrow(/SEEDBED_MAX_FIELDS must be a non-negative integer/);
  });

  it('checks an import against the limits before any parser runs, and against the schema model before inference', async () => {
    const ddl = (tables: number, columns = 1) => Array.from({ length: tables }, (_, t) => `CREATE TABLE t${t} (${Array.from({ length: columns }, (_, c) => `c${c} int`).join(', ')});`).join('\n');
    expect(() => checkSourceBounds('POSTGRES_DDL', ddl(1_001))).toThrow(/has more than 1,000 tables \(line 1,001\); a blueprint holds at most 1,000: import a part of it, or raise the limit \(SEEDBED_MAX_TABLES, up to 10,000\)/);
    expect(() => checkSourceBounds('POSTGRES_DDL', ddl(1_001), sourceLimitsFor({ maxTables: 1_500 }))).not.toThrow();
    // 600 plain columns pass the text scan (columns and constraints together), and the model's count refuses them by name.
    await expect(async () => inferDocument(await readPostgresDdl(ddl(1, 600)))).rejects.toThrow(/The table t0 .*has 600 columns; a table holds at most 500: import it without some columns, or raise the limit \(SEEDBED_MAX_FIELDS, up to 1,600\)/);
    const wide = inferDocument(await readPostgresDdl(ddl(1, 600)), { limits: { maxFields: 600 } });
    expect(wide.document.tables[0].fields).toHaveLength(600);
    expect(validateBlueprint(wide.document, { maxFields: 600 })).toEqual([]);
  });

  it('refuses a sqlite: target in the target guard, naming why a server does not write files', async () => {
    for (const url of ['sqlite:/var/lib/seedbed/app.db', 'sqlite:///etc/passwd', 'file:./data.db']) {
      await expect(checkTarget(url, { allowPrivate: true, path: 'input.target.database.url' })).rejects.toMatchObject({
        code: 'TARGET_REFUSED',
        extensions: { path: 'input.target.database.url' },
        message: expect.stringMatching(/names a file on this server's own disk, which a load may not write\. Load into a SQLite file with `seedbed load --database sqlite:PATH` on your machine/),
      });
    }
  });
});
