/**
 * node-sql-parser's MySQL tree → the schema model's column types and CHECK
 * rules. Read defensively: a shape we do not know is "not simple", never a
 * crash.
 */
import type { CheckRule, CheckValue, ColumnType } from '../schema-model';

export type Node = any;

export function nameOf(ref: Node): string {
  if (typeof ref === 'string') return ref;
  const column = ref?.column;
  if (typeof column === 'string') return column;
  if (typeof column?.expr?.value === 'string') return column.expr.value;
  return String(ref?.value ?? '');
}

const INTEGER_BITS: Record<string, number> = { TINYINT: 8, SMALLINT: 16, MEDIUMINT: 24, INT: 32, INTEGER: 32, BIGINT: 64 };
const KINDS: Record<string, ColumnType['kind']> = {
  DECIMAL: 'decimal', NUMERIC: 'decimal', DEC: 'decimal', FIXED: 'decimal', FLOAT: 'float', DOUBLE: 'float', REAL: 'float',
  BOOL: 'boolean', BOOLEAN: 'boolean', CHAR: 'text', VARCHAR: 'text', TINYTEXT: 'text', TEXT: 'text', MEDIUMTEXT: 'text', LONGTEXT: 'text',
  BINARY: 'binary', VARBINARY: 'binary', TINYBLOB: 'binary', BLOB: 'binary', MEDIUMBLOB: 'binary', LONGBLOB: 'binary',
  DATE: 'date', DATETIME: 'timestamp', TIMESTAMP: 'timestamp', TIME: 'time', YEAR: 'integer', JSON: 'json', ENUM: 'enum', SET: 'enum', UUID: 'uuid', INET4: 'inet', INET6: 'inet',
};
const TEXT_LIMITS: Record<string, number> = { TINYTEXT: 255 };

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

export function columnType(definition: Node): ColumnType {
  const raw = String(definition?.dataType ?? '').toUpperCase();
  const suffix: string[] = Array.isArray(definition?.suffix) ? definition.suffix.map((s: unknown) => String(s).toUpperCase()) : [];
  const unsigned = suffix.includes('UNSIGNED');
  const length = typeof definition?.length === 'number' ? definition.length : undefined;
  const scale = typeof definition?.scale === 'number' ? definition.scale : undefined;
  const labels = ((definition?.expr?.value ?? []) as Node[]).map((v) => String(v?.value ?? ''));
  const modifiers = length === undefined ? '' : `(${length}${scale !== undefined ? `,${scale}` : ''})`;
  const sqlType = raw === 'ENUM' || raw === 'SET'
    ? `${raw.toLowerCase()}(${labels.map(quote).join(',')})`
    : `${raw.toLowerCase()}${modifiers}${unsigned ? ' unsigned' : ''}`;
  // mysqldump writes BOOLEAN columns as tinyint(1).
  if (raw === 'TINYINT' && length === 1) return { kind: 'boolean', sqlType };
  if (INTEGER_BITS[raw]) return { kind: 'integer', sqlType, bits: INTEGER_BITS[raw], ...(unsigned ? { unsigned } : {}) };
  const kind = KINDS[raw] ?? 'unknown';
  const type: ColumnType = { kind, sqlType };
  if (kind === 'text' && (length !== undefined || TEXT_LIMITS[raw])) type.maxLength = length ?? TEXT_LIMITS[raw];
  if (raw === 'CHAR') type.fixedLength = true;
  if (kind === 'decimal') Object.assign(type, { precision: length ?? 10, scale: scale ?? 0 });
  if (raw === 'YEAR') Object.assign(type, { bits: 16, unsigned: true });
  if (kind === 'enum') type.enumValues = labels;
  if (kind === 'binary' && length !== undefined) type.maxLength = length;
  return type;
}

function literal(node: Node): CheckValue | undefined {
  if (node?.type === 'number') return Number(node.value);
  if (node?.type === 'single_quote_string' || node?.type === 'double_quote_string' || node?.type === 'string') return String(node.value);
  if (node?.type === 'bool') return Boolean(node.value);
  if (node?.type === 'unary_expr' && node.operator === '-' && node.expr?.type === 'number') return -Number(node.expr.value);
  return undefined;
}

const column = (node: Node) => (node?.type === 'column_ref' ? nameOf(node) : undefined);
const FLIP: Record<string, '<' | '<=' | '>' | '>=' | '=' | '<>'> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=', '<>': '<>', '!=': '<>' };
const NORMAL: Record<string, '<' | '<=' | '>' | '>=' | '=' | '<>'> = { '<': '<', '<=': '<=', '>': '>', '>=': '>=', '=': '=', '<>': '<>', '!=': '<>' };
const LENGTHS = new Set(['length', 'char_length', 'character_length']);

function lengthOf(node: Node): string | undefined {
  if (node?.type !== 'function') return undefined;
  const name = String(node.name?.name?.[0]?.value ?? node.name ?? '').toLowerCase();
  const args = node.args?.value ?? [];
  return LENGTHS.has(name) && args.length === 1 ? column(args[0]) : undefined;
}

/** `json_valid(col)`: MariaDB's JSON columns are LONGTEXT with this check; the column holds JSON. */
export function jsonValidColumn(expr: Node): string | undefined {
  const e = Array.isArray(expr) ? expr[0] : expr;
  if (e?.type !== 'function' || String(e.name?.name?.[0]?.value ?? '').toLowerCase() !== 'json_valid') return undefined;
  const args = e.args?.value ?? [];
  return args.length === 1 ? column(args[0]) : undefined;
}

export function checkRules(expr: Node, text: string): CheckRule[] {
  if (expr?.type === 'binary_expr' && String(expr.operator).toUpperCase() === 'AND') return [...checkRules(expr.left, text), ...checkRules(expr.right, text)];
  return [checkRule(expr) ?? { kind: 'other', text }];
}

function checkRule(expr: Node): CheckRule | undefined {
  if (expr?.type !== 'binary_expr') return undefined;
  const op = String(expr.operator).toUpperCase();
  const left = column(expr.left);
  if (op === 'IN' && left) {
    const values = ((expr.right?.value ?? []) as Node[]).map(literal);
    return values.every((v) => v !== undefined) ? { kind: 'in', column: left, values: values as CheckValue[] } : undefined;
  }
  if (op === 'BETWEEN' && left) {
    const [min, max] = ((expr.right?.value ?? []) as Node[]).map(literal);
    return min !== undefined && max !== undefined ? { kind: 'between', column: left, min, max } : undefined;
  }
  if (op === 'IS NOT' && left && expr.right?.type === 'null') return { kind: 'notNull', column: left };
  const normal = NORMAL[op];
  if (!normal) return undefined;
  const right = column(expr.right);
  const leftValue = literal(expr.left);
  const rightValue = literal(expr.right);
  if (left && right && normal !== '=' && normal !== '<>') return { kind: 'columns', left, op: normal, right };
  if (left && rightValue !== undefined) return { kind: 'compare', column: left, op: normal, value: rightValue };
  if (right && leftValue !== undefined) return { kind: 'compare', column: right, op: FLIP[op], value: leftValue };
  const lengthLeft = lengthOf(expr.left);
  if (lengthLeft && typeof rightValue === 'number' && normal !== '<>') return { kind: 'length', column: lengthLeft, op: normal, value: rightValue };
  const lengthRight = lengthOf(expr.right);
  if (lengthRight && typeof leftValue === 'number' && FLIP[op] !== '<>') return { kind: 'length', column: lengthRight, op: FLIP[op] as '<', value: leftValue };
  return undefined;
}
