/**
 * The catalog queries of a live import. They read pg_catalog and pg_stats
 * only: never a row of the user's tables.
 */

const USER_SCHEMAS = "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'";

export const CATALOG_QUERIES = {
  /** Ordinary and partitioned tables (partitions come with their parent), with row estimates (a parent's is its partitions' sum). */
  tables: `
    SELECT c.oid, n.nspname, c.relname,
           CASE WHEN c.relkind = 'p' THEN (SELECT COALESCE(sum(GREATEST(p.reltuples, 0)), 0) FROM pg_partition_tree(c.oid) t JOIN pg_class p ON p.oid = t.relid WHERE t.isleaf)
                ELSE c.reltuples END AS reltuples,
           CASE WHEN c.relkind = 'p' THEN pg_get_partkeydef(c.oid) END AS partkey
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND ${USER_SCHEMAS}
     ORDER BY n.nspname, c.relname
     LIMIT $1`,
  columns: `
    SELECT a.attrelid, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull,
           NULLIF(a.attidentity::text, '') AS attidentity, a.attgenerated <> '' AS attgenerated, pg_get_expr(d.adbin, d.adrelid) AS "default",
           a.attidentity = '' AND d.adbin IS NOT NULL AND pg_get_serial_sequence(a.attrelid::regclass::text, a.attname) IS NOT NULL AS serial
      FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE a.attrelid = ANY($1::oid[]) AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY a.attrelid, a.attnum`,
  constraints: `
    SELECT conrelid, conname, contype, conkey, confrelid, confkey, pg_get_constraintdef(oid) AS def
      FROM pg_constraint
     WHERE conrelid = ANY($1::oid[]) AND contype IN ('p', 'u', 'f', 'c', 'x')
     ORDER BY conrelid, contype, conname`,
  uniqueIndexes: `
    SELECT i.indrelid, ic.relname AS indexname, pg_get_indexdef(i.indexrelid) AS def
      FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
     WHERE i.indrelid = ANY($1::oid[]) AND i.indisunique AND NOT i.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
  partitions: `
    SELECT i.inhparent AS parent, c.relname AS child, pg_get_expr(c.relpartbound, c.oid) AS bound
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = ANY($1::oid[]) AND c.relispartition`,
  enums: `
    SELECT t.typname, e.enumlabel
      FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE ${USER_SCHEMAS}
     ORDER BY t.typname, e.enumsortorder`,
  domains: `
    SELECT t.typname, format_type(t.typbasetype, t.typtypmod) AS base, t.typnotnull, k.conname, pg_get_constraintdef(k.oid) AS def
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace LEFT JOIN pg_constraint k ON k.contypid = t.oid AND k.contype = 'c'
     WHERE t.typtype = 'd' AND ${USER_SCHEMAS}
     ORDER BY t.typname, k.conname`,
  /** Shares of NULLs and distinct counts: statistics, no values. */
  stats: `
    SELECT s.schemaname, s.tablename, s.attname, s.null_frac, s.n_distinct
      FROM pg_stats s JOIN unnest($1::text[], $2::text[]) AS w(schemaname, tablename) USING (schemaname, tablename)`,
  /** Most common values, asked only for the columns chosen as low-cardinality and not personal. */
  commonValues: `
    SELECT s.schemaname, s.tablename, s.attname, s.most_common_vals::text::text[] AS vals, s.most_common_freqs AS freqs
      FROM pg_stats s JOIN unnest($1::text[], $2::text[], $3::text[]) AS w(schemaname, tablename, attname) USING (schemaname, tablename, attname)
     WHERE s.most_common_vals IS NOT NULL`,
} as const;
