/**
 * The document keys that describe an imported schema (PRODUCT.md §12):
 * composite `primaryKey` lists, table `unique` lists, field `sqlType`s,
 * `enums` and `domains`, and bounds read from the row (`{field}` in
 * `date.between` from/to, `number.int`/`number.float` min/max). Only what
 * is certain is refused: a sqlType naming no enum of the document may be a
 * type of the target database.
 */
import { MAX_SQL_TYPE } from '../document/json-schema';
import type { BlueprintDocument, DocumentIssue, FieldDef, TableDef } from '../document/types';
import { FieldTypes } from '../plan/field-types';
import { fieldRefsIn } from '../plan/option-refs';
import { ROW_BOUND_OPTIONS } from '../generators/row-bounds';
import { arrayElementIssues } from '../generators/sql-values';
import type { GeneratorDef } from '../generators/types';
import { validateGeneratorOptions } from './options';
import { parseDateOption } from '../generators/helpers';
import { tupleSpaceIssues } from './tuple-space';

/** An array's element options, checked as a field of that generator would be: paths come back under `options`. */
function elementOptionIssues(def: GeneratorDef, options: Record<string, unknown>): DocumentIssue[] {
  const doc: BlueprintDocument = { seedbed: 1, name: 'element', tables: [{ name: 'element', rows: 1, fields: [{ name: 'item', generator: def.id, options }] }] };
  return validateGeneratorOptions(doc).map((i) => ({ ...i, path: i.path.replace(/^tables\[0\]\.fields\[0\]\./, '') }));
}

export function schemaKeyIssues(doc: BlueprintDocument): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const types = new FieldTypes(doc);
  doc.tables.forEach((table, t) => {
    issues.push(...tableKeyIssues(table, t));
    table.fields.forEach((field, f) => {
      const path = `tables[${t}].fields[${f}]`;
      if (field.sqlType !== undefined) issues.push(...sqlTypeIssues(field.sqlType, `${path}.sqlType`));
      issues.push(...rowBoundIssues(table, field, path, t, types), ...openRangeIssues(field, path), ...arrayElementIssues(field, path, elementOptionIssues));
    });
  });
  issues.push(...typeDefinitionIssues(doc));
  // Tuple spaces are judged on keys whose fields all exist.
  if (!issues.some((i) => /\.(primaryKey|unique)\b/.test(i.path))) issues.push(...tupleSpaceIssues(doc));
  return issues;
}

function tableKeyIssues(table: TableDef, t: number): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const index = new Map(table.fields.map((f, i) => [f.name.toLowerCase(), i]));
  /** Checks one key's names; returns the field indexes when they all exist and are distinct. */
  const keyOf = (names: string[], path: string): number[] | undefined => {
    const found: number[] = [];
    names.forEach((name, i) => {
      const k = index.get(name.toLowerCase());
      if (k === undefined) issues.push({ path: `${path}[${i}]`, message: `names no field of table "${table.name}"` });
      else if (found.includes(k)) issues.push({ path: `${path}[${i}]`, message: `"${name}" is already in this key` });
      else found.push(k);
    });
    return found.length === names.length ? found : undefined;
  };
  const seen = new Map<string, string>();
  const remember = (fields: number[], path: string) => {
    const id = [...fields].sort((a, b) => a - b).join(',');
    const first = seen.get(id);
    if (first) issues.push({ path, message: `is the same key as ${first}` });
    else seen.set(id, path);
  };
  if (Array.isArray(table.primaryKey)) {
    const key = keyOf(table.primaryKey, `tables[${t}].primaryKey`);
    for (const k of key ?? []) {
      if ((table.fields[k].nullRate ?? 0) > 0) issues.push({ path: `tables[${t}].fields[${k}].nullRate`, message: 'a primary-key field cannot be nullable' });
    }
    if (key) remember(key, `tables[${t}].primaryKey`);
  }
  (table.unique ?? []).forEach((names, u) => {
    const key = keyOf(names, `tables[${t}].unique[${u}]`);
    if (key) remember(key, `tables[${t}].unique[${u}]`);
  });
  return issues;
}

/**
 * A type name as SQL spells it: words, numbers, quoted identifiers, quoted
 * enum labels (MySQL's inline `enum('a','b')`), `( ) [ ] , .` and spaces.
 * Nothing else, so no `;`, comment or backslash escape: written verbatim into
 * CREATE TABLE, it can never end the statement or its column list.
 */
const TYPE_TOKEN = /\s+|[A-Za-z_][A-Za-z0-9_$]*|\d+|"(?:[^"\0]|"")+"|`[^`\0]+`|'(?:[^'\\\0]|'')*'|[()[\],.]/y;

/**
 * Words that would make a type more than a type: a default, a constraint, a
 * generated expression. Refused outside quotes, so the column definition
 * Seedbed writes around a declared type stays `name type [NOT NULL]`.
 */
const CLAUSE_WORDS = new Set(['default', 'check', 'references', 'generated', 'constraint', 'primary', 'unique', 'not', 'null', 'as', 'on', 'auto_increment', 'stored', 'virtual', 'using', 'comment', 'key', 'identity']);

export function isPlausibleSqlType(text: string): boolean {
  if (text.length === 0 || text.length > MAX_SQL_TYPE || !/^["`A-Za-z_]/.test(text)) return false;
  const words = text.replace(/"(?:[^"]|"")*"|`[^`]*`|'(?:[^']|'')*'/g, ' ').match(/[A-Za-z_][A-Za-z0-9_$]*/g) ?? [];
  return balancedTokens(text, TYPE_TOKEN) && !words.some((w) => CLAUSE_WORDS.has(w.toLowerCase()));
}

/**
 * A CHECK as the source wrote it: expression tokens only, parentheses
 * balanced, no `;`, comment or dollar quote. A backslash may stand only in a
 * plain '…' string (a domain's regex: `VALUE ~ '^\S+@'`), where the scripts
 * Seedbed writes make it a plain character (standard_conforming_strings on);
 * a string right after a word (E'…', U&'…') is refused, since its escapes
 * could end it where this reading does not.
 */
const CHECK_TOKEN = /\s+|[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\0]|"")+"|'(?:[^'\0]|'')*'|::|[()[\],.<>=!+*/%|&~^:-]/y;

export function isPlausibleCheck(text: string): boolean {
  return !/--|\/\*/.test(text) && balancedTokens(text, CHECK_TOKEN, (s, at) => s[0] !== "'" || at === 0 || !/[A-Za-z0-9_&"]/.test(text[at - 1]));
}

/** Whether `text` is a run of `token`s (each one `allowed` at its offset) with balanced brackets. */
function balancedTokens(text: string, token: RegExp, allowed: (s: string, at: number) => boolean = () => true): boolean {
  let depth = 0;
  const closers: string[] = [];
  token.lastIndex = 0;
  while (token.lastIndex < text.length) {
    const at = token.lastIndex;
    const m = token.exec(text);
    if (!m || m.index !== at) return false;
    const s = m[0];
    if (!allowed(s, at)) return false;
    if (s === '(' || s === '[') {
      closers.push(s === '(' ? ')' : ']');
      depth++;
    } else if (s === ')' || s === ']') {
      if (closers.pop() !== s) return false;
      depth--;
    }
  }
  return depth === 0;
}

function sqlTypeIssues(text: string, path: string): DocumentIssue[] {
  return isPlausibleSqlType(text)
    ? []
    : [{ path, message: 'must be an SQL type name such as varchar(40), numeric(10,2), text[] or an enum name (letters, digits, spaces, _ ( ) [ ] , . and quotes)' }];
}

function typeDefinitionIssues(doc: BlueprintDocument): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const names = new Map<string, string>();
  for (const [name, labels] of Object.entries(doc.enums ?? {})) {
    names.set(name.toLowerCase(), `enums.${name}`);
    const seen = new Set<string>();
    labels.forEach((label, i) => {
      if (label.includes('\0')) issues.push({ path: `enums.${name}[${i}]`, message: 'cannot contain a NUL character' });
      else if (seen.has(label)) issues.push({ path: `enums.${name}[${i}]`, message: `label "${label}" is already in this enum` });
      seen.add(label);
    });
  }
  for (const [name, domain] of Object.entries(doc.domains ?? {})) {
    const clash = names.get(name.toLowerCase());
    if (clash) issues.push({ path: `domains.${name}`, message: `has the name of ${clash}` });
    issues.push(...sqlTypeIssues(domain.type, `domains.${name}.type`));
    if (domain.check !== undefined && !isPlausibleCheck(domain.check)) {
      issues.push({ path: `domains.${name}.check`, message: 'must be one SQL expression over VALUE: balanced parentheses, no ; comments, backslashes or dollar quotes' });
    }
  }
  return issues;
}

/**
 * A bound read from the row must be a lone `{field}` of a type the bound can
 * hold: mixed text would make a number of a string, a date of a number.
 */
function rowBoundIssues(table: TableDef, field: FieldDef, path: string, t: number, types: FieldTypes): DocumentIssue[] {
  const bounds = ROW_BOUND_OPTIONS[field.generator];
  if (!bounds) return [];
  const issues: DocumentIssue[] = [];
  for (const [name, kinds] of Object.entries(bounds.options)) {
    const value = field.options?.[name];
    const refs = fieldRefsIn(value);
    if (!refs.length) continue;
    const lone = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(String(value));
    if (!lone) {
      issues.push({ path: `${path}.options.${name}`, message: `must be a ${bounds.what} or one lone {field}` });
      continue;
    }
    const read = table.fields.findIndex((f) => f.name === lone[1]);
    if (read < 0 || read === table.fields.indexOf(field)) continue;
    const type = types.typeOf(t, read);
    if (!kinds.includes(type)) issues.push({ path: `${path}.options.${name}`, message: `reads "${lone[1]}", a ${type} field: it must be a ${kinds.join(' or ')} field` });
  }
  return issues;
}

/** Literal bounds whose open ends (`minExclusive`, `fromExclusive`, ...) leave no value to draw. */
function openRangeIssues(field: FieldDef, path: string): DocumentIssue[] {
  const o = field.options ?? {};
  const base = `${path}.options`;
  if (field.generator === 'date.between' && (o.fromExclusive || o.toExclusive) && typeof o.from === 'string' && typeof o.to === 'string' && !fieldRefsIn(o.from).length && !fieldRefsIn(o.to).length) {
    const unit = o.dateOnly ? 86_400_000 : 1000;
    const from = parseDateOption(o.from, NaN) + (o.fromExclusive ? unit : 0);
    const to = parseDateOption(o.to, NaN) - (o.toExclusive && o.dateOnly ? unit : 0);
    if (from > to) return [{ path: `${base}.to`, message: 'leaves no date between from and to once the open ends are left out' }];
  }
  if ((field.generator === 'number.int' || field.generator === 'number.float') && (o.minExclusive || o.maxExclusive)) {
    const min = typeof o.min === 'number' ? o.min : undefined;
    const max = typeof o.max === 'number' ? o.max : undefined;
    if (min !== undefined && max !== undefined) {
      const step = field.generator === 'number.int' ? Number(o.multipleOf ?? 1) : Number(o.multipleOf ?? o.precision ?? (typeof o.fractionDigits === 'number' ? 10 ** -o.fractionDigits : 0));
      const lo = step > 0 ? (Math.floor(min / step) + 1) * step : min;
      const hi = step > 0 ? (Math.ceil(max / step) - 1) * step : max;
      const empty = (o.minExclusive ? lo : min) > (o.maxExclusive ? hi : max) || (step === 0 && min >= max);
      if (empty) return [{ path: `${base}.max`, message: 'leaves no number between min and max once the open ends are left out' }];
    }
  }
  return [];
}
