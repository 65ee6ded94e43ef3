export const USAGE = `Usage:
  seedbed generate BLUEPRINT.json [--table T] [--rows N] [--seed S]
                   [--format csv|tsv|json|ndjson|sql] [--dialect postgres|mysql|sqlite]
                   [--out DIR | -] [--offset K] [--workers W]
  seedbed load BLUEPRINT.json --database postgres://... [--seed S] [--truncate]
               [--rows N [--table T]] [--workers W]
  seedbed validate BLUEPRINT.json
  seedbed generators [--search WORD] [--category C] [--json]

Exit codes: 0 done, 1 invalid blueprint, 2 usage, 3 target database refused or unreachable.
`;

/** A command-line mistake: exit code 2 with the usage text. */
export class UsageError extends Error {}

export const EXIT = { OK: 0, INVALID: 1, USAGE: 2, TARGET: 3 } as const;
