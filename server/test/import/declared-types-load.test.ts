/**
 * Columns of types that parse their text (inet, cidr, macaddr, money,
 * interval, bit, varbit, xml, citext, tsvector, arrays of them; PostGIS
 * geometry/geography; MySQL POINT/POLYGON/GEOMETRY, BIT, SET, YEAR):
 * import → validate → load into a database made from the ORIGINAL DDL, by
 * every path a user has (COPY through `seedbed load`, the SQL script, and
 * JSON read back by the database's own input functions), and Seedbed's own
 * whole script (CREATE EXTENSION, domains, tables) into an empty database. A load that
 * finishes is the database's verdict; then a few facts only the data shows.
 */
import { compileBlueprint, streamBlueprintSql, streamTable, validateBlueprint, type BlueprintDocument, type Plan } from '@seedbed/engine';
import { loadIntoPostgres } from '../../../packages/seedbed/src/load/postgres-loader';
import { checkTarget } from '../../../packages/import/src/targets/target-guard';
import { createEmptyDatabase, withClient, type TestDatabase } from '../support/database';
import { postgisMissing, startPostgis, type PostgisServer } from '../support/postgis-server';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../engine/mariadb-server';
import { fixture, importText, insertScripts, mariaDbQuery, withoutPsqlCommands } from './load-helpers';
import { collect } from '../engine/helpers';

const SEED = 3;

async function imported(source: string, ddl: string): Promise<BlueprintDocument> {
  const { document } = await importText(source, ddl);
  // The importer never writes a blueprint validate refuses.
  expect(validateBlueprint(document)).toEqual([]);
  return document;
}

/** Three databases from the same DDL, each loaded by one path: COPY (`seedbed load`), the SQL script, NDJSON through json_populate_recordset. */
async function loadEveryWay(urls: [string, string, string], ddl: string, document: BlueprintDocument): Promise<Plan> {
  for (const url of urls) await withClient(url, (c) => c.query(withoutPsqlCommands(ddl)));
  const plan = compileBlueprint(document, { seed: SEED });
  await loadIntoPostgres(plan, await checkTarget(urls[0], { allowPrivate: true }), { createTables: false });
  const { scripts } = await insertScripts(document, 'postgres', SEED);
  await withClient(urls[1], async (c) => {
    for (const script of scripts) await c.query(script.sql);
  });
  await withClient(urls[2], async (c) => {
    await c.query('BEGIN');
    for (const name of plan.order) {
      const rows = (await collect(streamTable(plan, name, 'ndjson'))).trim().split('\n').map((line) => JSON.parse(line));
      await c.query(`INSERT INTO public.${name} SELECT * FROM json_populate_recordset(NULL::public.${name}, $1::json)`, [JSON.stringify(rows)]);
    }
    await c.query('COMMIT');
  });
  return plan;
}

/** Seedbed's own whole script (extensions, domains, CREATE TABLE, data) into an empty database: the same rows. */
async function ownScript(url: string, plan: Plan): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of streamBlueprintSql(plan, 'postgres')) chunks.push(Buffer.from(chunk));
  await withClient(url, (c) => c.query(Buffer.concat(chunks).toString('utf8')));
}

/** Each table's rows as the database prints them, in key order: equal across the three loads. */
async function contents(url: string, plan: Plan): Promise<string[]> {
  return withClient(url, async (c) => {
    const out: string[] = [];
    for (const name of plan.order) out.push(String((await c.query(`SELECT md5(string_agg(t::text, E'\\n' ORDER BY t.id)) AS h, count(*)::int AS n FROM public.${name} t`)).rows.map((r) => `${name}:${r.n}:${r.h}`)[0]));
    return out;
  });
}

describe('what the importer reads of these types', () => {
  const fieldsOf = (document: BlueprintDocument) => Object.fromEntries(document.tables.flatMap((t) => t.fields).map((f) => [f.name, { generator: f.generator, ...(f.options ? { options: f.options } : {}), sqlType: f.sqlType }]));

  it("PostGIS typmods become the shape and SRID; MySQL 8's SRID is read, also from mysqldump's version comment; SQLite keeps the names", async () => {
    const pg = fieldsOf(await imported('POSTGRES_DDL', 'CREATE TABLE t (id int PRIMARY KEY, a public.geometry(MultiPolygon, 3857), b geography, c geometry(PointZ,4326), d bit varying, e bit);'));
    expect(pg.a).toEqual({ generator: 'geometry', options: { shape: 'multipolygon', srid: 3857 }, sqlType: 'geometry(multipolygon,3857)' });
    expect(pg.b).toEqual({ generator: 'geometry', options: { srid: 4326 }, sqlType: 'geography' });
    // 3D points are not made: the column is left to the database, never filled with 2D values it refuses.
    expect(pg.c).toBeUndefined();
    expect(pg.d).toMatchObject({ generator: 'string.bits', options: { min: 1, max: 16 } });
    expect(pg.e).toMatchObject({ generator: 'string.bits', options: { length: 1 }, sqlType: 'bit(1)' });
    const my = fieldsOf(await imported('MYSQL_DDL', 'CREATE TABLE `t` (\n  `id` int NOT NULL,\n  `a` point NOT NULL /*!80003 SRID 4326 */,\n  `b` polygon SRID 3857 DEFAULT NULL,\n  `c` geometry DEFAULT NULL,\n  PRIMARY KEY (`id`)\n);'));
    expect(my.a).toEqual({ generator: 'geometry', options: { srid: 4326 }, sqlType: 'point srid 4326' });
    expect(my.b).toEqual({ generator: 'geometry', options: { shape: 'polygon', srid: 3857 }, sqlType: 'polygon srid 3857' });
    expect(my.c).toEqual({ generator: 'geometry', sqlType: 'geometry' });
    // A schema ported to SQLite keeps the names (INET has INTEGER affinity there, yet holds an address as text).
    const lite = fieldsOf(await imported('SQLITE_DDL', 'CREATE TABLE t (id INTEGER PRIMARY KEY, ip_address INET, area POLYGON, doc XML);'));
    expect([lite.ip_address.generator, lite.area, lite.doc.generator]).toEqual(['internet.ipv4', { generator: 'geometry', options: { shape: 'polygon' }, sqlType: 'POLYGON' }, 'xml']);
  });
});

describe('PostgreSQL types that parse their text', () => {
  const databases: TestDatabase[] = [];
  afterAll(() => Promise.all(databases.map((d) => d.drop())));

  it('inet, cidr, macaddr(8), money, interval, bit, varbit, xml, citext, tsvector and their arrays load by COPY, SQL and JSON alike', async () => {
    const ddl = fixture('pg-typed-columns.sql');
    const document = await imported('POSTGRES_DDL', ddl);
    const devices = document.tables.find((t) => t.name === 'devices')!;
    const generatorOf = (name: string) => devices.fields.find((f) => f.name === name)?.generator;
    expect([generatorOf('ip_address'), generatorOf('subnet'), generatorOf('mac_address'), generatorOf('config')]).toEqual(['internet.ipv4', 'internet.cidr', 'internet.mac', 'xml']);
    for (let i = 0; i < 4; i++) databases.push(await createEmptyDatabase());
    const plan = await loadEveryWay(databases.slice(0, 3).map((d) => d.url) as [string, string, string], ddl, document);
    await ownScript(databases[3].url, plan);
    const [copy, sql, json, own] = await Promise.all(databases.map((d) => contents(d.url, plan)));
    expect(copy.map((c) => Number(c.split(':')[1]))).toEqual(plan.order.map((name) => plan.table(name).layout.rows));
    expect(sql).toEqual(copy);
    expect(json).toEqual(copy);
    expect(own).toEqual(copy);

    await withClient(databases[0].url, async (c) => {
      const one = async (query: string) => Object.values((await c.query(query)).rows[0])[0];
      // Networks are networks, and a column named for IPv6 holds IPv6.
      expect(await one('SELECT count(*)::int FROM public.devices WHERE family(ipv6_prefix) <> 6')).toBe(0);
      expect(await one('SELECT count(*)::int FROM public.devices WHERE masklen(subnet) NOT BETWEEN 8 AND 30')).toBe(0);
      expect(await one('SELECT count(DISTINCT masklen(subnet))::int FROM public.devices')).toBeGreaterThan(5);
      expect(await one('SELECT count(*)::int FROM public.devices WHERE masklen(ip_address) <> 32')).toBe(0);
      expect(await one('SELECT count(*)::int FROM public.devices WHERE EXISTS (SELECT 1 FROM unnest(allowed_networks) n WHERE n <> network(n))')).toBe(0);
      // Bit strings of the declared lengths; well-formed XML documents; case-insensitively distinct emails.
      expect(await one('SELECT count(*)::int FROM public.accounts WHERE length(permissions) <> 8 OR length(feature_flags) > 32')).toBe(0);
      expect(await one('SELECT count(*)::int FROM public.accounts WHERE NOT xml_is_well_formed_document(profile::text)')).toBe(0);
      expect(await one('SELECT count(*)::int FROM public.accounts WHERE profile IS NOT NULL')).toBeGreaterThan(0);
      expect(await one('SELECT count(DISTINCT lower(email::text)) = count(*) FROM public.accounts')).toBe(true);
      // Random codes in a unique citext are drawn in one case: distinct folded, as the database compares them.
      expect(await one('SELECT count(*)::int FROM public.accounts WHERE external_ref::text <> lower(external_ref::text)')).toBe(0);
      expect(await one('SELECT count(external_ref)::int FROM public.accounts')).toBeGreaterThan(0);
      expect(await one('SELECT count(*)::int FROM public.accounts WHERE balance < 0::money')).toBe(0);
      expect(await one("SELECT count(*)::int FROM public.accounts WHERE trial_period NOT BETWEEN interval '0' AND interval '366 days'")).toBe(0);
      expect(await one('SELECT count(*)::int FROM public.accounts WHERE search_document IS NOT NULL AND length(search_document) = 0')).toBe(0);
    });
  }, 180_000);
});

const describePostgis = postgisMissing ? describe.skip : describe;
if (postgisMissing) console.warn(`PostGIS load skipped: ${postgisMissing}`);

describePostgis('PostGIS geometry and geography', () => {
  let server: PostgisServer;
  beforeAll(async () => {
    server = await startPostgis();
  }, 90_000);
  afterAll(() => server?.stop());

  it('typmod-checked points, polygons, multipolygons in 3857, lines and arrays load by COPY, SQL and JSON: valid, in their SRIDs, within longitude/latitude', async () => {
    const ddl = fixture('postgis-dump.sql');
    const document = await imported('POSTGRES_DDL', ddl);
    for (const name of ['copy_load', 'sql_load', 'json_load', 'own_script']) await server.query('postgres', `CREATE DATABASE ${name}`);
    const urls = ['copy_load', 'sql_load', 'json_load'].map((name) => server.url(name)) as [string, string, string];
    const plan = await loadEveryWay(urls, ddl, document);
    await ownScript(server.url('own_script'), plan);
    const [copy, sql, json, own] = await Promise.all([...urls, server.url('own_script')].map((url) => contents(url, plan)));
    expect(copy.map((c) => Number(c.split(':')[1]))).toEqual(plan.order.map((name) => plan.table(name).layout.rows));
    expect(sql).toEqual(copy);
    expect(json).toEqual(copy);
    expect(own).toEqual(copy);

    const [facts] = await server.query('copy_load', `
      SELECT bool_and(ST_IsValid(location) AND ST_IsValid(footprint) AND ST_IsValid(service_area::geometry) AND ST_IsValid(tile_bounds)) AS valid,
             bool_and(ST_SRID(location) = 4326 AND ST_SRID(tile_bounds) = 3857) AS srids,
             bool_and(ST_Y(location) BETWEEN -90 AND 90 AND ST_X(location) BETWEEN -180 AND 180) AS lonlat,
             min(ST_Area(service_area)) > 0 AS areas,
             count(footprint)::int AS footprints,
             max(abs(ST_XMax(tile_bounds))) > 180 AS metres
        FROM public.depots`);
    expect(facts).toEqual({ valid: true, srids: true, lonlat: true, areas: true, footprints: expect.any(Number), metres: true });
    expect(facts.footprints).toBeGreaterThan(0);
    const [deliveries] = await server.query('copy_load', `
      SELECT bool_and(ST_Y(dropoff::geometry) BETWEEN -90 AND 90) AS lat,
             count(*) FILTER (WHERE cardinality(stops) > 0)::int AS with_stops,
             bool_and(ST_SRID(route) = 4326) AS route_srid,
             bool_and(ST_SRID(anywhere) = 0) AS plain
        FROM public.deliveries`);
    expect(deliveries).toEqual({ lat: true, with_stops: expect.any(Number), route_srid: true, plain: true });
    expect(deliveries.with_stops).toBeGreaterThan(0);

    // The live catalog (format_type) reads the same shapes and SRIDs as the dump.
    const live = await importText('POSTGRES_URL', server.url('copy_load'));
    const spatial = (d: BlueprintDocument) => d.tables.flatMap((t) => t.fields.filter((f) => f.generator === 'geometry' || f.options?.element === 'geometry').map((f) => [t.name, f.name, f.options])).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(spatial(live.document)).toEqual(spatial(document));
  }, 180_000);
});

const describeMariaDb = mariaDbMissing ? describe.skip : describe;
if (mariaDbMissing) console.warn(`MariaDB spatial/BIT/SET load skipped: ${mariaDbMissing}`);

describeMariaDb('MySQL spatial, BIT, SET and YEAR', () => {
  let mariadb: MariaDb;
  beforeAll(async () => {
    mariadb = await startMariaDb();
  }, 90_000);
  afterAll(() => mariadb?.stop());

  it("loads into MariaDB in strict mode through the SQL script: geometries through ST_GeomFromText, b'…' bits, subsets of the SET's labels", async () => {
    const ddl = fixture('mysql-typed-columns.sql');
    const document = await imported('MYSQL_DDL', ddl);
    expect(mariadb.client('mysql', 'CREATE DATABASE stores CHARACTER SET utf8mb4').status).toBe(0);
    const sql = mariaDbQuery(mariadb, 'stores');
    // MariaDB has no utf8mb4_0900_ai_ci (MySQL 8's default collation): the dump's tables as MariaDB would take them.
    sql(ddl.replace(/ COLLATE=utf8mb4_0900_ai_ci/g, ''));
    const { scripts } = await insertScripts(document, 'mysql', SEED);
    sql(['SET NAMES utf8mb4;', 'START TRANSACTION;', ...scripts.map((s) => s.sql), 'COMMIT;'].join('\n'));
    for (const script of scripts) expect(Number(sql(`SELECT count(*) FROM \`${script.table}\``))).toBe(script.rows);
    expect(sql("SELECT count(*) FROM store WHERE ST_GeometryType(location) <> 'POINT' OR ST_X(location) NOT BETWEEN -180 AND 180 OR ST_Y(location) NOT BETWEEN -90 AND 90")).toBe('0');
    expect(sql("SELECT count(*) FROM store WHERE delivery_area IS NOT NULL AND (ST_GeometryType(delivery_area) <> 'POLYGON' OR NOT ST_IsClosed(ST_ExteriorRing(delivery_area)))")).toBe('0');
    expect(Number(sql('SELECT count(*) FROM store WHERE delivery_area IS NOT NULL'))).toBeGreaterThan(0);
    expect(sql("SELECT count(*) FROM store WHERE access_route IS NOT NULL AND ST_GeometryType(access_route) <> 'LINESTRING'")).toBe('0');
    // BIT(7) holds 7 bits; BIT(1) flags both ways; SET values are subsets of the labels; YEAR in range.
    expect(Number(sql('SELECT count(DISTINCT weekday_mask) FROM store'))).toBeGreaterThan(5);
    expect(sql('SELECT count(DISTINCT is_open) FROM store')).toBe('2');
    expect(Number(sql("SELECT count(*) FROM store WHERE FIND_IN_SET('wifi', amenities) > 0"))).toBeGreaterThan(0);
    expect(Number(sql("SELECT count(*) FROM store WHERE amenities LIKE '%,%'"))).toBeGreaterThan(0);
    expect(sql('SELECT count(*) FROM visit WHERE visited_year NOT BETWEEN 1901 AND 2155')).toBe('0');
  }, 180_000);
});
