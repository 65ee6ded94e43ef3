import { importSample } from './src/modules/import/sample/import-sample';
function wideCsv(columns: number, targetBytes: number): string {
  const header = Array.from({ length: columns }, (_, i) => `c${i}`).join(',');
  const row = Array.from({ length: columns }, (_, i) => String(i % 10)).join(',');
  const rows = Math.max(1, Math.floor((targetBytes - header.length) / (row.length + 1)));
  return `${header}\n${Array.from({ length: rows }, () => row).join('\n')}\n`;
}
(async () => {
  const csv = wideCsv(120_000, 22_000_000);
  let t = Date.now();
  const r = await importSample(csv, 'CSV_SAMPLE', { limits: { maxBytes: 25e6, maxDepth: 32 } });
  console.log('csv', Date.now() - t, 'ms', r.report.length, r.skipped);
  const objs = JSON.stringify(Array.from({ length: 20 }, () => Object.fromEntries(Array.from({ length: 60000 }, (_, i) => [`k${i}`, i]))));
  t = Date.now();
  const j = await importSample(objs, 'JSON_SAMPLE', { limits: { maxBytes: 25e6, maxDepth: 32 } });
  console.log('json', (objs.length/1e6).toFixed(1), 'MB', Date.now() - t, 'ms', j.report.length, j.skipped);
  const nd = Array.from({ length: 20 }, () => JSON.stringify(Object.fromEntries(Array.from({ length: 60000 }, (_, i) => [`k${i}`, i])))).join('\n');
  t = Date.now();
  const n = await importSample(nd, 'JSON_SAMPLE', { limits: { maxBytes: 25e6, maxDepth: 32 } });
  console.log('ndjson', Date.now() - t, 'ms', n.report.length, n.skipped);
  const deep = JSON.stringify([{ id: 1, tags: Array.from({ length: 200000 }, (_, i) => i) }, { id: 2, tags: [1] }]);
  t = Date.now();
  const d = await importSample(deep, 'JSON_SAMPLE', { limits: { maxBytes: 25e6, maxDepth: 32 } });
  console.log('values', Date.now() - t, 'ms', d.report.length, d.skipped, JSON.stringify(d.document).slice(0, 300));
})();
