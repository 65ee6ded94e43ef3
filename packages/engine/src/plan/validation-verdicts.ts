import type { DocumentIssue } from '../document/types';

/** Verdicts kept: a valid document's is an empty list, so a thousand cost little. */
const DEFAULT_CAPACITY = 1024;

/**
 * Validation verdicts by a key the caller vouches for, least recently used
 * first out. A server compiles the same saved revision on every preview,
 * rows API call and run shard, rebuilding the document from the database
 * each time; revisions never change (PRODUCT.md §1), but one saved by an
 * older version may fail today's checks, so "validated when saved" is not
 * enough: it is validated once per process and the verdict, invalid ones
 * included, is remembered. Keyed, never by object identity: a caller that
 * edits a document between compiles (the CLI, tests) must see it checked.
 */
export class ValidationVerdicts {
  private readonly verdicts = new Map<string, readonly DocumentIssue[]>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** The issues remembered under `key`, or `validate()`'s (then remembered); shared, so copy them before handing them on. */
  issuesOf(key: string, validate: () => DocumentIssue[]): readonly DocumentIssue[] {
    let issues = this.verdicts.get(key);
    if (issues) {
      this.verdicts.delete(key);
    } else {
      issues = validate();
      if (this.verdicts.size >= this.capacity) this.verdicts.delete(this.verdicts.keys().next().value!);
    }
    this.verdicts.set(key, issues);
    return issues;
  }

  get size(): number {
    return this.verdicts.size;
  }
}

/** The process's verdicts (a worker thread's stay empty: its plans arrive prevalidated). */
export const validationVerdicts = new ValidationVerdicts();
