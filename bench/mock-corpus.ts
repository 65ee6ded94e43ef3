/**
 * Does the mock mean what an app's own queries say? The Rick and Morty API's
 * SDL and the 58 queries of that project's own tests (`rickmorty.graphql`,
 * `rickmorty-ops.json` in the shared corpus, read from `../shared/corpus`
 * next to the repository unless `--corpus DIR` says otherwise): the SDL is
 * imported as a user would, `seedbed mock` serves the blueprint, and every
 * query is sent over HTTP. Each argument of each query is then checked
 * against the answer, by evaluating it over the very rows the engine makes
 * for that blueprint and seed (not by snapshots):
 *
 * - a lookup (`character(id: 1)`) answers the row whose key is that id, and
 *   the ids the app writes (1, 2, 3: the SDL's keys are `ID`s) exist up to
 *   the table's row count; an id past it (9999999) answers null;
 * - `ids: [..]` answers exactly the rows of those ids that exist;
 * - each field of `filter: {..}` holds for every row listed (the API's
 *   case-insensitive contains), the rows are the first page of all rows
 *   matching, and `info.count` counts them all;
 * - `page: N` lists the N-th page of 20 and `info { count pages next prev }`
 *   agrees with it (next and prev null at the ends).
 * A query answered with errors counts as refused. `info` blocks of queries
 * without arguments are checked too, reported apart.
 *
 *   npm run bench:mock-corpus [-- --corpus DIR] [-- --root CHECKOUT]
 *
 * `--root` runs another checkout's import and `seedbed mock` (its node_modules
 * must be installed), so one script measures before and after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildSchema, getNamedType, isListType, isNonNullType, isObjectType, Kind, parse, print, visit, type ArgumentNode, type FieldNode, type GraphQLObjectType, type GraphQLOutputType, type SelectionSetNode, type ValueNode } from 'graphql';

const { values: flags } = parseArgs({ options: { corpus: { type: 'string' }, root: { type: 'string' }, verbose: { type: 'boolean', default: false } } });
const ROOT = path.resolve(flags.root ?? path.resolve(__dirname, '..'));
const CORPUS = path.resolve(flags.corpus ?? path.resolve(__dirname, '..', '..', 'shared', 'corpus'));
/** The real API's page size, which its apps rely on. */
const PAGE_SIZE = 20;

type Row = Record<string, unknown>;
interface Check {
  op: string;
  what: string;
  ok: boolean;
  argument: boolean;
  why?: string;
}

function argValue(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.INT:
      return Number(node.value);
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    case Kind.BOOLEAN:
      return node.value;
    case Kind.LIST:
      return node.values.map(argValue);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, argValue(f.value)]));
    default:
      return null;
  }
}

const field = (name: string, selections: FieldNode['selectionSet'] = undefined, alias?: string): FieldNode => ({
  kind: Kind.FIELD,
  name: { kind: Kind.NAME, value: name },
  ...(alias ? { alias: { kind: Kind.NAME, value: alias } } : {}),
  ...(selections ? { selectionSet: selections } : {}),
});
const set = (...fields: FieldNode[]): SelectionSetNode => ({ kind: Kind.SELECTION_SET, selections: fields });

function unwrap(type: GraphQLOutputType): { named: GraphQLObjectType | undefined; list: boolean } {
  const inner = isNonNullType(type) ? type.ofType : type;
  const named = getNamedType(type);
  return { named: isObjectType(named) ? named : undefined, list: isListType(inner) };
}

/** `Characters { info results }`: the list field of a page wrapper (a type with an `info` block). */
function wrapped(type: GraphQLObjectType) {
  const fields = Object.values(type.getFields());
  return fields.some((f) => f.name === 'info') ? fields.find((f) => unwrap(f.type).list && unwrap(f.type).named) : undefined;
}

async function main() {
  const sdlFile = path.join(CORPUS, 'rickmorty.graphql');
  const opsFile = path.join(CORPUS, 'rickmorty-ops.json');
  if (!fs.existsSync(sdlFile) || !fs.existsSync(opsFile)) {
    console.log(`mock corpus bench: the shared corpus is absent (looked for rickmorty.graphql and rickmorty-ops.json in ${CORPUS}); pass --corpus DIR. Nothing measured.`);
    return;
  }
  const sdl = fs.readFileSync(sdlFile, 'utf8');
  const ops: { name: string; query: string }[] = JSON.parse(fs.readFileSync(opsFile, 'utf8'));
  const schema = buildSchema(sdl);

  // The import a user runs (`seedbed import --from graphql`), and `seedbed mock` on its document.
  const { importSourceOf } = require(path.join(ROOT, 'server/src/modules/import/sources'));
  const { document } = await importSourceOf('GRAPHQL_SDL').run(sdl, { name: 'rickmorty', allowPrivateTargets: false });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-corpus-'));
  const file = path.join(dir, 'rickmorty.json');
  fs.writeFileSync(file, JSON.stringify(document));
  const { startLocalMock } = require(path.join(ROOT, 'server/src/cli/mock'));
  const mock = await startLocalMock(file, { port: 0 });

  // The rows the engine makes for this document and seed, by GraphQL type, named by the SDL's fields.
  const engine = require(path.join(ROOT, 'server/src/engine'));
  const { graphql, ...generation } = document;
  const plan = engine.compileBlueprint(generation, { seed: document.seed });
  const access = new engine.PlanAccess(plan, {});
  const truth = new Map<string, Row[]>();
  for (const [type, m] of Object.entries<any>(graphql.mapping.types)) {
    const t = plan.table(m.table);
    const rows: Row[] = [];
    for (let r = 0; r < t.layout.rows; r++) {
      const values: unknown[] = access.row(m.table, r);
      const byColumn = Object.fromEntries(t.fields.map((f: { name: string }, i: number) => [f.name, values[i]]));
      rows.push(Object.fromEntries(Object.entries<any>(m.fields).filter(([, f]) => 'column' in f).map(([name, f]) => [name, byColumn[f.column]])));
    }
    truth.set(type, rows);
  }
  const same = (a: unknown, b: unknown) => a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);
  const contains = (value: unknown, wanted: unknown) => typeof value === 'string' && value.toLowerCase().includes(String(wanted).toLowerCase());

  const checks: Check[] = [];
  let refused = 0;
  for (const op of ops) {
    const document = parse(op.query);
    // The fields a check reads, added under aliases the app's query cannot use.
    const augmented = visit(document, {
      OperationDefinition(node) {
        const roots = node.selectionSet.selections.map((s) => {
          if (s.kind !== Kind.FIELD) return s;
          const rootField = schema.getQueryType()!.getFields()[s.name.value];
          const { named, list } = unwrap(rootField.type);
          const listed = named && wrapped(named);
          const extra = [field('id', undefined, '__key'), ...Object.keys(Object.fromEntries(s.arguments?.filter((a) => a.name.value === 'filter').flatMap((a) => Object.entries(argValue(a.value) as object)) ?? [])).map((f) => field(f, undefined, `__${f}`))];
          if (!list && listed) {
            return { ...s, selectionSet: set(...(s.selectionSet!.selections as FieldNode[]), field(listed.name, set(...extra), '__rows'), field('info', set(field('count'), field('pages'), field('next'), field('prev')), '__info')) };
          }
          return { ...s, selectionSet: set(...(s.selectionSet!.selections as FieldNode[]), ...extra) };
        });
        return { ...node, selectionSet: { ...node.selectionSet, selections: roots } };
      },
    });
    const response = await fetch(mock.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: print(augmented) }) });
    const body = (await response.json()) as { data?: Record<string, any>; errors?: { message: string }[] };
    const root = (document.definitions[0] as { selectionSet: SelectionSetNode }).selectionSet.selections[0] as FieldNode;
    const rootField = schema.getQueryType()!.getFields()[root.name.value];
    const { named, list } = unwrap(rootField.type);
    const listedField = named && wrapped(named);
    const nodeType = (listedField ? unwrap(listedField.type).named : named)!.name;
    const rows = truth.get(nodeType) ?? [];
    const args = Object.fromEntries((root.arguments ?? []).map((a: ArgumentNode) => [a.name.value, argValue(a.value)]));
    const add = (what: string, ok: boolean, why: string, argument = true) => checks.push({ op: op.name, what, ok, argument, ...(ok ? {} : { why }) });
    if (body.errors?.length || !body.data) {
      refused++;
      const names = Object.entries(args).flatMap(([name, value]) => (name === 'filter' ? Object.keys(value as object).map((f) => `filter.${f}`) : [name]));
      for (const name of names.length ? names : ['(none)']) add(name, false, `refused: ${body.errors?.[0]?.message}`, names.length > 0);
      continue;
    }
    const answer = body.data[root.name.value];
    // The ids an app writes (1, 2, 3 for `ID` keys) exist up to the row count.
    const expectedRow = (id: unknown) => {
      const found = rows.find((r) => same(r.id, id));
      const appExpects = Number(id) >= 1 && Number(id) <= rows.length;
      return { found, appExpects };
    };
    if ('id' in args) {
      const { found, appExpects } = expectedRow(args.id);
      const ok = appExpects ? !!found && same(answer?.__key, args.id) : !found && answer === null;
      add('id', ok, appExpects && !found ? `no row has id ${args.id}, though the table has ${rows.length} rows` : `answered ${JSON.stringify(answer)}`);
    }
    if ('ids' in args) {
      const wanted = (args.ids as unknown[]).filter((id) => expectedRow(id).found);
      const appWanted = (args.ids as unknown[]).filter((id) => expectedRow(id).appExpects);
      const got = (answer as { __key: unknown }[] | null)?.map((r) => String(r?.__key)) ?? [];
      const ok = got.length === wanted.length && wanted.every((id) => got.includes(String(id))) && wanted.length === appWanted.length;
      add('ids', ok, `answered ${got.length} rows (${JSON.stringify(got.slice(0, 3))}…); rows with those ids: ${JSON.stringify(wanted)}, ids the app expects: ${JSON.stringify(appWanted)}`);
    }
    if (listedField && !list) {
      const filter = (args.filter ?? {}) as Record<string, unknown>;
      const matching = rows.filter((r) => Object.entries(filter).every(([f, v]) => contains(r[f], v)));
      const page = typeof args.page === 'number' ? args.page : 1;
      const expected = matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((r) => String(r.id));
      const listed: Row[] = answer?.__rows ?? [];
      const got = listed.map((r) => String(r.__key));
      const samePage = got.length === expected.length && got.every((id, i) => id === expected[i]);
      const info = answer?.__info ?? {};
      const pages = Math.ceil(matching.length / PAGE_SIZE);
      const infoOk = info.count === matching.length && info.pages === pages && info.next === (page < pages ? page + 1 : null) && info.prev === (page > 1 && pages > 0 ? Math.min(page - 1, pages) : null);
      const infoWhy = `info ${JSON.stringify(info)} for ${matching.length} matching rows, page ${page} of ${PAGE_SIZE}`;
      for (const [f, v] of Object.entries(filter)) {
        const holds = listed.every((r) => contains(r[`__${f}`], v));
        add(`filter.${f}`, holds && samePage && info.count === matching.length, holds ? `listed ids ${JSON.stringify(got.slice(0, 5))}… but ${matching.length} rows match (first ${JSON.stringify(expected.slice(0, 5))}), info.count ${info.count}` : `a listed row's ${f} does not contain ${JSON.stringify(v)}: ${JSON.stringify(listed.find((r) => !contains(r[`__${f}`], v))?.[`__${f}`])}`);
      }
      if ('page' in args) add('page', samePage && infoOk, samePage ? infoWhy : `listed ${got.length} rows ${JSON.stringify(got.slice(0, 3))}…, page ${page} is ${JSON.stringify(expected.slice(0, 3))}…`);
      if (!Object.keys(args).length) add('info', samePage && infoOk, samePage ? infoWhy : `listed ${JSON.stringify(got.slice(0, 3))}…, the first page is ${JSON.stringify(expected.slice(0, 3))}…`, false);
    }
  }
  await mock.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const argumentChecks = checks.filter((c) => c.argument);
  const others = checks.filter((c) => !c.argument);
  for (const c of checks) if (!c.ok || flags.verbose) console.log(`${c.ok ? 'honoured' : 'NOT honoured'}  ${c.op.padEnd(12)} ${c.what.padEnd(14)} ${c.why ?? ''}`);
  console.log(`mock corpus bench (${path.relative(process.cwd(), CORPUS) || CORPUS}, ${ops.length} queries, code of ${ROOT}):`);
  console.log(`arguments honoured: ${argumentChecks.filter((c) => c.ok).length} of ${argumentChecks.length}; queries refused: ${refused} of ${ops.length}; info blocks of queries without arguments agreeing with the rows: ${others.filter((c) => c.ok).length} of ${others.length}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
