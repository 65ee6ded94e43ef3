/**
 * The query cost limit (SEEDBED_QUERY_COST): a query costs the most values
 * its response may hold. Every selected field is one value, and a field with a
 * page size (`first`) repeats what it selects that many times, as a Relay
 * connection returns up to `first` edges. So
 * `{ projects(first: 10) { edges { node { id } } } }` costs 1 + 10 × 3 = 31.
 *
 * graphql-armor's own cost rule is not used because it reads `first` only when
 * written as a literal: `projects(first: $n)` counts as one page of one, so a
 * query nesting three connections paged by variables (up to 100³ nodes) passed,
 * while its `depthCostFactor` compounded per level refused the README's own
 * two-level query. Validation runs before variables are known (and is cached
 * per document), so a page size from a variable counts as the largest a
 * connection accepts.
 */
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FieldNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { PAGE_SIZE_MAX } from '../../pagination';

const PAGE_ARGUMENTS = new Set(['first', 'last']);

/** How many times a field repeats its selection: its literal page size, the largest allowed for a variable, else once. */
function pageSize(field: FieldNode): number {
  const argument = field.arguments?.find((a) => PAGE_ARGUMENTS.has(a.name.value));
  if (!argument) return 1;
  if (argument.value.kind === Kind.INT) return Math.max(1, Number.parseInt(argument.value.value, 10));
  if (argument.value.kind === Kind.VARIABLE) return PAGE_SIZE_MAX;
  return 1; // another kind of value fails the Int! type check of the same validation pass
}

/** Measures operations of one document; fragment costs are remembered so fragments that spread others twice over stay linear. */
class CostMeter {
  private readonly fragmentCosts = new Map<string, number>();
  private readonly fragmentsInProgress = new Set<string>();

  constructor(private readonly context: ValidationContext) {}

  /** Cost of a selection set when its parent appears once (costs scale linearly with the parent's repetitions). */
  selectionCost(selectionSet: SelectionSetNode): number {
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        cost += 1 + (selection.selectionSet ? pageSize(selection) * this.selectionCost(selection.selectionSet) : 0);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        cost += this.selectionCost(selection.selectionSet);
      } else {
        cost += this.fragmentCost(selection.name.value);
      }
    }
    return cost;
  }

  private fragmentCost(name: string): number {
    const known = this.fragmentCosts.get(name);
    if (known !== undefined) return known;
    const fragment = this.context.getFragment(name);
    // A cycle is reported by graphql's NoFragmentCycles rule in the same pass; unknown fragments by KnownFragmentNames.
    if (!fragment || this.fragmentsInProgress.has(name)) return 0;
    this.fragmentsInProgress.add(name);
    const cost = this.selectionCost(fragment.selectionSet);
    this.fragmentsInProgress.delete(name);
    this.fragmentCosts.set(name, cost);
    return cost;
  }
}

export interface QueryCostOptions {
  maxCost: number;
  /** Called with each operation's cost, refused or not (tests and tools that check documents ahead of time). */
  onMeasured?: (cost: number, operationName: string | undefined) => void;
}

/** Refuses each operation whose cost is over `maxCost`, in words errors.ts maps to QUERY_TOO_COMPLEX. */
export function queryCostRule({ maxCost, onMeasured }: QueryCostOptions) {
  return (context: ValidationContext): ASTVisitor => {
    const meter = new CostMeter(context);
    return {
      OperationDefinition(operation) {
        const cost = meter.selectionCost(operation.selectionSet);
        onMeasured?.(cost, operation.name?.value);
        if (cost > maxCost) {
          context.reportError(new GraphQLError(`Query cost limit of ${maxCost} exceeded, found ${cost}.`, { nodes: [operation] }));
        }
      },
    };
  };
}
