import jsep from 'jsep';
import { textBytes } from '../cell-limits';
import './compile'; // configures jsep's operators (`&`) before anything here parses

/** Bytes of any value that is not text: numbers (≤ 24 characters), booleans, dates and timestamps. */
export const SCALAR_BYTES = 32;

/** The largest value, in bytes, of what a formula reads; undefined when unknown. */
export interface BoundScope {
  field(name: string): number | undefined;
  reference(table: string, field: string): number | undefined;
}

type Bound = number | undefined;

const sum = (xs: Bound[]): Bound => xs.reduce<Bound>((a, b) => (a === undefined || b === undefined ? undefined : a + b), 0);
const most = (xs: Bound[]): Bound => xs.reduce<Bound>((a, b) => (a === undefined || b === undefined ? undefined : Math.max(a, b)), 0);

const SCALAR_FUNCTIONS = new Set(['len', 'number', 'round', 'floor', 'ceil', 'abs', 'min', 'max', 'addDays', 'addHours', 'addMonths', 'addYears', 'daysBetween', 'year', 'month', 'day', 'date']);

/**
 * The most bytes a formula that already compiles can make, from the bounds
 * of the fields it reads: `&` and concat add up, upper/lower may triple
 * (ß → SS, ΐ → three code points), replace may put its replacement between
 * every character. Undefined when a field it reads has no known bound: such
 * formulas are checked cell by cell at generation time.
 */
export function formulaMaxBytes(expr: string, scope: BoundScope): Bound {
  return boundOf(jsep(expr), scope);
}

function boundOf(node: jsep.Expression, scope: BoundScope): Bound {
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      return typeof value === 'string' ? textBytes(value) : SCALAR_BYTES;
    }
    case 'Identifier':
      return scope.field((node as jsep.Identifier).name);
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      return scope.reference((m.object as jsep.Identifier).name, (m.property as jsep.Identifier).name);
    }
    case 'UnaryExpression':
      return SCALAR_BYTES;
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return most([boundOf(c.consequent, scope), boundOf(c.alternate, scope)]);
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (b.operator === '&') return sum([boundOf(b.left, scope), boundOf(b.right, scope)]);
      if (b.operator === '??') return most([boundOf(b.left, scope), boundOf(b.right, scope)]);
      return SCALAR_BYTES;
    }
    case 'CallExpression':
      return callBound(node as jsep.CallExpression, scope);
    default:
      return undefined;
  }
}

function callBound(node: jsep.CallExpression, scope: BoundScope): Bound {
  const name = (node.callee as jsep.Identifier).name;
  if (SCALAR_FUNCTIONS.has(name)) return SCALAR_BYTES;
  const args = node.arguments.map((a) => boundOf(a, scope));
  switch (name) {
    case 'upper':
    case 'lower':
      return args[0] === undefined ? undefined : 3 * args[0];
    case 'trim':
    case 'substr':
    case 'text':
      return args[0];
    case 'concat':
      return sum(args);
    case 'coalesce':
      return most(args);
    case 'if':
      return most(args.slice(1));
    case 'replace': {
      const [s, , by] = args;
      // An empty search string matches between every character: at most one replacement per byte, plus one.
      return s === undefined || by === undefined ? undefined : s + (s + 1) * by;
    }
    default:
      return undefined;
  }
}
