import jsep from 'jsep';
import type { OutputType, RowView, Value } from '../generators/types';
import { FORMULA_FUNCTIONS, formulaNumber as num, formulaText as text } from './functions';
import { cellLimitOf, cellTooLarge, checkCellValue, textBytes } from '../cell-limits';

// Formulas read like spreadsheet cells: `&` concatenates and binds looser
// than arithmetic but tighter than comparisons; bit shifts do not exist.
jsep.addBinaryOp('&', 8);
for (const op of ['<<', '>>', '>>>', '|', '^', '===', '!==']) jsep.removeBinaryOp(op);

export class FormulaError extends Error {}

/** What a formula may read: fields of its own row and fields of referenced rows. */
export interface FormulaScope {
  field(name: string): { index: number; type: OutputType } | undefined;
  /** `table.field` through a ref field of this row; an error message when not reachable. */
  reference(table: string, field: string): { read: (row: RowView) => Value; type: OutputType; dependsOn: number } | string;
}

export interface CompiledFormula {
  evaluate: (row: RowView) => Value;
  type: OutputType;
  /** Indexes of the row's fields it reads (so they are generated first). */
  dependsOn: number[];
}

type Node = jsep.Expression;
type Compiled = { run: (row: RowView) => Value; type: OutputType };

const NUMERIC: OutputType[] = ['integer', 'float'];

/**
 * Parses, type-checks and compiles `expr` into closures — once per run; no
 * eval, no property access. Text stays one cell at most (`maxCellBytes`):
 * concatenations measure before they build, and a value past the limit is a
 * FieldValueError, which the row generator names with the field's path.
 */
export function compileFormula(expr: string, scope: FormulaScope, options: { maxCellBytes?: number } = {}): CompiledFormula {
  let ast: Node;
  try {
    ast = jsep(expr);
  } catch (e) {
    throw new FormulaError(`syntax error: ${(e as Error).message}`);
  }
  const deps = new Set<number>();
  const limit = cellLimitOf(options);
  const compiled = compileNode(ast, scope, deps, limit);
  const run = compiled.run;
  return { evaluate: (row) => checkCellValue(run(row), limit), type: compiled.type, dependsOn: [...deps] };
}

function compileNode(node: Node, scope: FormulaScope, deps: Set<number>, limit: number): Compiled {
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value as Value;
      if (value instanceof RegExp) throw new FormulaError('regular expression literals are not supported');
      const type: OutputType = typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'float') : typeof value === 'boolean' ? 'boolean' : 'string';
      return { run: () => value, type };
    }
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      const field = scope.field(name);
      if (!field) throw new FormulaError(`unknown field "${name}"`);
      deps.add(field.index);
      const i = field.index;
      return { run: (row) => row.values[i], type: field.type };
    }
    case 'MemberExpression':
      return compileReference(node as jsep.MemberExpression, scope, deps);
    case 'CallExpression':
      return compileCall(node as jsep.CallExpression, scope, deps, limit);
    case 'UnaryExpression':
      return compileUnary(node as jsep.UnaryExpression, scope, deps, limit);
    case 'BinaryExpression':
      return compileBinary(node as jsep.BinaryExpression, scope, deps, limit);
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      const test = compileNode(c.test, scope, deps, limit).run;
      const yes = compileNode(c.consequent, scope, deps, limit);
      const no = compileNode(c.alternate, scope, deps, limit).run;
      return { run: (row) => (test(row) ? yes.run(row) : no(row)), type: yes.type };
    }
    default:
      throw new FormulaError(`${node.type} is not allowed in formulas`);
  }
}

/** Only `table.field`, both plain names; anything else (computed, nested, on values) is refused. */
function compileReference(node: jsep.MemberExpression, scope: FormulaScope, deps: Set<number>): Compiled {
  if (node.computed || node.object.type !== 'Identifier' || node.property.type !== 'Identifier') {
    throw new FormulaError('only table.field references are allowed');
  }
  const table = (node.object as jsep.Identifier).name;
  const field = (node.property as jsep.Identifier).name;
  const ref = scope.reference(table, field);
  if (typeof ref === 'string') throw new FormulaError(ref);
  deps.add(ref.dependsOn);
  return { run: ref.read, type: ref.type };
}

function compileCall(node: jsep.CallExpression, scope: FormulaScope, deps: Set<number>, limit: number): Compiled {
  if (node.callee.type !== 'Identifier') throw new FormulaError('only named functions can be called');
  const name = (node.callee as jsep.Identifier).name;
  const def = FORMULA_FUNCTIONS.get(name);
  if (!def) throw new FormulaError(`unknown function "${name}"`);
  const args = node.arguments.map((a) => compileNode(a, scope, deps, limit));
  if (args.length < def.minArgs || args.length > def.maxArgs) {
    const arity = def.minArgs === def.maxArgs ? `${def.minArgs}` : `${def.minArgs}–${def.maxArgs}`;
    throw new FormulaError(`${name}() takes ${arity} argument(s), got ${args.length}`);
  }
  args.forEach((a, i) => {
    const want = def.args[Math.min(i, def.args.length - 1)];
    if (want === 'number' && !NUMERIC.includes(a.type)) throw new FormulaError(`${name}() argument ${i + 1} must be a number, got ${a.type}`);
    if (want === 'date' && !['date', 'datetime', 'string'].includes(a.type)) throw new FormulaError(`${name}() argument ${i + 1} must be a date, got ${a.type}`);
  });
  const type = def.returns === 'arg0' ? args[0].type : def.returns === 'arg1' ? args[1].type : def.returns;
  const runs = args.map((a) => a.run);
  const fn = def.limited ? def.limited(limit) : def.fn;
  if (runs.length === 1) return { run: (row) => fn(runs[0](row)), type };
  if (runs.length === 2) return { run: (row) => fn(runs[0](row), runs[1](row)), type };
  if (name === 'if') return { run: (row) => (runs[0](row) ? runs[1](row) : runs[2](row)), type };
  return { run: (row) => fn(...runs.map((r) => r(row))), type };
}

function compileUnary(node: jsep.UnaryExpression, scope: FormulaScope, deps: Set<number>, limit: number): Compiled {
  const arg = compileNode(node.argument, scope, deps, limit);
  const run = arg.run;
  switch (node.operator) {
    case '-':
      requireNumber('-', arg.type);
      return { run: (row) => -num(run(row)), type: arg.type };
    case '+':
      requireNumber('+', arg.type);
      return { run: (row) => num(run(row)), type: arg.type };
    case '!':
      return { run: (row) => !run(row), type: 'boolean' };
    default:
      throw new FormulaError(`operator ${node.operator} is not allowed`);
  }
}

function requireNumber(op: string, type: OutputType) {
  if (!NUMERIC.includes(type)) throw new FormulaError(`operator ${op} needs numbers, got ${type}`);
}

const ARITHMETIC: Record<string, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
  '**': (a, b) => a ** b,
};

const COMPARISON: Record<string, (a: Value, b: Value) => boolean> = {
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '<': (a, b) => (a as number) < (b as number),
  '<=': (a, b) => (a as number) <= (b as number),
  '>': (a, b) => (a as number) > (b as number),
  '>=': (a, b) => (a as number) >= (b as number),
};

/** `a & b`, refused before it is built once its UTF-16 length (a lower bound of its bytes) passes the limit: `a & a & a…` doubles no further. */
function concatWithin(a: string, b: string, limit: number): string {
  if (a.length + b.length > limit) throw cellTooLarge(textBytes(a) + textBytes(b), limit, true);
  return a + b;
}

function compileBinary(node: jsep.BinaryExpression, scope: FormulaScope, deps: Set<number>, limit: number): Compiled {
  const left = compileNode(node.left, scope, deps, limit);
  const right = compileNode(node.right, scope, deps, limit);
  const [l, r] = [left.run, right.run];
  const op = node.operator;
  if (op === '&') return { run: (row) => concatWithin(text(l(row)), text(r(row)), limit), type: 'string' };
  if (op === '&&') return { run: (row) => !!l(row) && !!r(row), type: 'boolean' };
  if (op === '||') return { run: (row) => !!l(row) || !!r(row), type: 'boolean' };
  if (op === '??') return { run: (row) => l(row) ?? r(row), type: left.type };
  const arithmetic = ARITHMETIC[op];
  if (arithmetic) {
    requireNumber(op, left.type);
    requireNumber(op, right.type);
    const type: OutputType = op === '/' || op === '**' || left.type === 'float' || right.type === 'float' ? 'float' : 'integer';
    return {
      run: (row) => {
        const x = arithmetic(num(l(row)), num(r(row)));
        return Number.isFinite(x) ? x : null;
      },
      type,
    };
  }
  const compare = Object.prototype.hasOwnProperty.call(COMPARISON, op) ? COMPARISON[op] : undefined;
  if (compare) return { run: (row) => compare(l(row), r(row)), type: 'boolean' };
  throw new FormulaError(`operator ${op} is not allowed`);
}
