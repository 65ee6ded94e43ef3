import type { ImportSource } from '../../__generated__/graphql';

export interface SniffedSource {
  source: ImportSource;
  /** Shown to the user, after "Detected … because". */
  because: string;
}

/** Only the start of a large file is looked at: a dump names its dialect early. */
const SNIFF_CHARS = 64_000;

const URL_START = /^postgres(?:ql)?:\/\//i;
const CREATE_TABLE = /\bcreate\s+(?:(?:global\s+|local\s+)?(?:temporary\s+|temp\s+|unlogged\s+)?)table\b/i;
const DELIMITERS = [',', '\t', ';', '|'] as const;

/** A dialect's marks, checked in order: the first that appears wins. */
const SQL_MARKS: readonly { source: ImportSource; pattern: RegExp; because: string }[] = [
  { source: 'SQLITE_DDL', pattern: /\bsqlite_sequence\b/i, because: 'it mentions sqlite_sequence' },
  { source: 'MYSQL_DDL', pattern: /\)\s*ENGINE\s*=/i, because: 'its tables name an ENGINE' },
  { source: 'MYSQL_DDL', pattern: /create\s+table\s+(?:if\s+not\s+exists\s+)?`/i, because: 'its table names are in backticks' },
  { source: 'MYSQL_DDL', pattern: /\bAUTO_INCREMENT\b/i, because: 'it uses AUTO_INCREMENT' },
  { source: 'SQLITE_DDL', pattern: /\bAUTOINCREMENT\b/i, because: 'it uses AUTOINCREMENT' },
  { source: 'POSTGRES_DDL', pattern: /\bcreate\s+(?:type|domain)\b/i, because: 'it creates types or domains' },
  { source: 'POSTGRES_DDL', pattern: /\bpublic\.\w/i, because: 'it names the public schema' },
  { source: 'POSTGRES_DDL', pattern: /\b(?:big)?serial\b|\bgenerated\s+(?:always|by\s+default)\s+as\s+identity\b|::\w/i, because: 'it uses serial, identity or :: casts' },
];

/** A CSV header: two or more names split by one delimiter, and the next line splits the same way. */
function sniffDelimited(text: string): SniffedSource | undefined {
  const lines = text.split(/\r?\n/, 3).filter((l) => l.trim() !== '');
  if (lines.length === 0) return undefined;
  for (const delimiter of DELIMITERS) {
    const columns = lines[0].split(delimiter).length;
    if (columns < 2) continue;
    if (lines.length > 1 && lines[1].split(delimiter).length < 2) continue;
    const name = delimiter === '\t' ? 'tabs' : delimiter === ',' ? 'commas' : `“${delimiter}”`;
    return { source: 'CSV_SAMPLE', because: `its first line is a header of ${columns} names split by ${name}` };
  }
  return undefined;
}

function sniffByFileName(fileName: string | undefined): SniffedSource | undefined {
  const extension = fileName?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  switch (extension) {
    case 'json':
    case 'ndjson':
    case 'jsonl':
      return { source: 'JSON_SAMPLE', because: `the file ends in .${extension}` };
    case 'csv':
    case 'tsv':
      return { source: 'CSV_SAMPLE', because: `the file ends in .${extension}` };
    case 'graphql':
    case 'graphqls':
    case 'gql':
      return { source: 'GRAPHQL_SDL', because: `the file ends in .${extension}` };
    default:
      return undefined;
  }
}

/**
 * Which source a pasted or uploaded text most likely is, and why; undefined
 * when nothing tells. Only a guess to save a click: the user can always
 * pick another source, and the server parses with the real parsers.
 */
export function sniffSource(input: string, fileName?: string): SniffedSource | undefined {
  const text = input.slice(0, SNIFF_CHARS).replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start === '') return undefined;
  if (URL_START.test(start)) return { source: 'POSTGRES_URL', because: 'it is a postgres:// URL' };
  if (start.startsWith('{') || start.startsWith('[')) return { source: 'JSON_SAMPLE', because: `it starts with ${start[0]}` };
  if (CREATE_TABLE.test(text) || /\bcreate\s+type\b/i.test(text)) {
    const mark = SQL_MARKS.find((m) => m.pattern.test(text));
    return mark ? { source: mark.source, because: mark.because } : { source: 'POSTGRES_DDL', because: 'it is SQL without any other dialect’s marks' };
  }
  if (/\btype\s+Query\b|\bschema\s*\{/.test(text)) return { source: 'GRAPHQL_SDL', because: 'it defines type Query or a schema block' };
  if (/^\s*(?:type|interface|enum|input)\s+[A-Za-z_]\w*[^\n]*\{/m.test(text)) return { source: 'GRAPHQL_SDL', because: 'it has GraphQL type definitions' };
  return sniffByFileName(fileName) ?? sniffDelimited(text);
}
