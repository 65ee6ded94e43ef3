export const USAGE = `Usage:
  seedbed generate BLUEPRINT.json [--table T] [--rows N] [--seed S]
                   [--format csv|tsv|json|ndjson|sql[,…]] [--dialect postgres|mysql|sqlite]
                   [--data-only] [--out DIR | s3://BUCKET/PREFIX | -] [--offset K] [--workers W] [--shard I/N]
                   [--delimiter C] [--no-header] [--crlf | --lf] [--null TEXT] [--pretty]
                   [--escape-formulas]   (CSV/TSV for spreadsheets: ' before =, +, -, @)
  seedbed generate --server URL --blueprint ID [--revision R] [same options]
                   (the API key in SEEDBED_KEY)
  seedbed load BLUEPRINT.json --database postgres://...|mysql://...|sqlite:PATH
               [--seed S] [--truncate]
               [--rows N [--table T]] [--workers W]
  seedbed mock BLUEPRINT.json [--port P] [--seed S] [--host H]
               [--depth D] [--cost C] [--aliases A] [--rows R]
               (a mock GraphQL API of the blueprint's data at http://127.0.0.1:4001/graphql,
               over HTTP and graphql-ws; limits default to the document's, else 15 / 5000 / 15 / 5000)
  seedbed import --from postgres-ddl|mysql-ddl|sqlite-ddl|postgres-url|json|csv|graphql FILE|URL
                 [--out blueprint.json] [--name NAME]
                 (FILE - reads standard input; the report goes to standard error)
  seedbed codegen BLUEPRINT.json [--out seed.ts] [--runtime MODULE]
                  (a typed seed client for test suites and seed scripts)
  seedbed validate BLUEPRINT.json
  seedbed diff A.json B.json [--json]
               (tables and fields added, removed, renamed or changed from A to B)
  seedbed generators [--search WORD] [--category C] [--json]
  seedbed --version | COMMAND --help

--offset K --rows N: rows K to K+N-1 of the first (or --table) table; a table
sized by its own count grows to K+N rows, one sized per parent row must have them.

--format csv,sql,ndjson --out DIR: several formats from one generation of
each table, each file the bytes a call with that format alone writes.

--shard I/N: writes shard I (from 0) of N of each file, as NAME.shard-I-of-N;
the N shards joined in order (cat) are the file the command writes without it.

Exit codes: 0 done, 1 invalid blueprint, 2 usage, 3 target database or server
refused or unreachable.
`;

/** A command-line mistake: exit code 2 with the usage text. */
export class UsageError extends Error {}

export const EXIT = { OK: 0, INVALID: 1, USAGE: 2, TARGET: 3 } as const;
