import { importSourceOf } from './src/modules/import/sources';
function manyTables(n: number, cols = 40): string {
  const tables: string[] = [];
  for (let t = 0; t < n; t++) {
    const columns = Array.from({ length: cols }, (_, c) => (c % 4 === 0 ? `c${c} int check(c${c}>0)` : `c${c} int`));
    tables.push(`create table t${t}(${columns.join(',')});`);
  }
  return tables.join('\n');
}
(async () => {
  const [src, n, cols] = process.argv.slice(2);
  let text = '';
  if (src === 'POSTGRES_DDL' || src === 'MYSQL_DDL' || src === 'SQLITE_DDL') text = manyTables(Number(n), Number(cols ?? 40));
  if (src === 'GRAPHQL_SDL') text = `type Query { thing: Thing }\ntype Thing {\n${Array.from({ length: Number(n) }, (_, i) => `  f${i}: Int`).join('\n')}\n}\n`;
  if (src === 'NESTED') text = `${'/*!40101 '.repeat(Number(n))}SELECT 1${' */'.repeat(Number(n))};\nCREATE TABLE t (id int PRIMARY KEY);`;
  const t = Date.now();
  try {
    const r = await importSourceOf(src === 'NESTED' ? 'MYSQL_DDL' : src)!.run(text, { allowPrivateTargets: false });
    console.log(src, n, (text.length/1e3).toFixed(0), 'KB', Date.now() - t, 'ms', r.document.tables.length, 'tables', r.report.length, 'decisions', r.skipped.length);
  } catch (e) { console.log(src, n, Date.now() - t, 'ms', 'error', String((e as Error).message).slice(0, 200)); }
})();
