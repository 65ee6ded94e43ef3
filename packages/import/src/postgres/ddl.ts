/**
 * `pg_dump --schema-only` output (or migration files) → schema model, read by
 * PostgreSQL's own parser compiled to WebAssembly. Statements the parser
 * refuses are skipped with their line; views, functions, triggers and the
 * like are listed as skipped; sequences, comments, grants and SET lines are
 * noise and dropped silently.
 */
import { loadModule } from 'libpg-query';
import { badInput } from '@seedbed/engine/errors';
import { DOMAIN_VALUE, emptySchema, IMPORT_LIMITS, type CheckModel, type ColumnModel, type ForeignKeyModel, type SchemaModel, type TableModel } from '../schema-model';
import { columnType, constValue, declaredTypeKey, lastName, namesOf, type Node } from './ast';
import { distinctNames, Namespace } from './namespace';
import { adoptPartitionKeys, insertTargets, TRIGGER_ON_INSERT } from './triggers';
import { pgCheckModel } from './check-expr';
import { constraintText, readExclusion, readUniqueIndex } from './unique-indexes';
import { resolveTypes } from '../resolve-types';
import { partitionCheck, partitionKeyOf, type PartitionKey } from './partitions';
import { leadingBytes, parenthesizedAfter, statementsOf, withoutMetaCommands, writtenNameAt, type Statement } from './statements';
import { noTables, SourceText } from '../source-text';

/** Statements that are part of any dump and mean nothing for data: dropped without a word. */
const NOISE = new Set([
  'SelectStmt', 'CreateSeqStmt', 'AlterSeqStmt', 'CommentStmt', 'GrantStmt', 'GrantRoleStmt', 'AlterDefaultPrivilegesStmt',
  'AlterOwnerStmt', 'AlterObjectSchemaStmt', 'TransactionStmt', 'DropStmt', 'CreateRoleStmt', 'AlterRoleStmt', 'AlterTSConfigurationStmt',
  'SecLabelStmt', 'AlterEnumStmt', 'AlterDomainStmt', 'AlterDatabaseSetStmt', 'AlterDatabaseStmt', 'CreatedbStmt', 'CheckPointStmt', 'AlterTableSpaceOptionsStmt',
  'CreateStatsStmt', 'ClusterStmt', 'VacuumStmt', 'AlterFunctionStmt', 'AlterCollationStmt',
]);
/** Statements that define something the document cannot hold: listed as skipped, by kind. */
const SKIPPED: Record<string, string> = {
  ViewStmt: 'view', CreateTableAsStmt: 'view', CreateFunctionStmt: 'function', CreateTrigStmt: 'trigger', RuleStmt: 'rule',
  CreatePolicyStmt: 'policy', CreateExtensionStmt: 'extension', CompositeTypeStmt: 'type', CreateRangeStmt: 'type', DefineStmt: 'type',
  CreateEventTrigStmt: 'trigger', CreatePublicationStmt: 'publication', CreateForeignTableStmt: 'foreign table', DoStmt: 'function',
  InsertStmt: 'data', CopyStmt: 'data', CreateCastStmt: 'cast', CreateOpClassStmt: 'operator class', CreateConversionStmt: 'conversion',
};

let loaded: Promise<void> | undefined;

/** NAMEDATALEN - 1: PostgreSQL keeps at most this many bytes of a name. */
const MAX_NAME_BYTES = 63;

export async function readPostgresDdl(text: string): Promise<SchemaModel> {
  await (loaded ??= loadModule());
  const source = new SourceText(withoutMetaCommands(text));
  const reader = new DdlReader(source);
  for (const statement of statementsOf(source)) reader.read(statement);
  return reader.finish();
}

class DdlReader {
  private readonly schema = emptySchema('postgres');
  private readonly tables = new Namespace();
  /** Partition → its parent, by namespace key. */
  private readonly partitions = new Map<string, string>();
  /** Trigger functions (by name) and the tables their INSERTs write; triggers on INSERT (by function). */
  private readonly functionInserts = new Map<string, string[]>();
  private readonly insertTriggers: { trigger: string; on: Node; fn: string; where: string }[] = [];
  private readonly partitionKeys = new Map<string, PartitionKey>();
  private readonly partitionBounds = new Map<string, Node[]>();
  private readonly domainNodes: { node: Node; offset: number; end: number; names: Node[] }[] = [];

  /** Where the statement being read ends: CHECK texts are looked for up to there. */
  private statementEnd = 0;

  constructor(private readonly source: SourceText) {}

  read({ node, offset, at, end }: Statement): void {
    this.statementEnd = end;
    const [kind] = Object.keys(node ?? {});
    const body = node?.[kind];
    if (!kind || NOISE.has(kind)) return;
    if (kind === 'VariableSetStmt') return this.searchPath(body);
    if (kind === 'CreateSchemaStmt') return this.createSchema(body, { node, offset, at, end });
    if (kind === 'CreateFunctionStmt') this.triggerFunction(body, at, end);
    if (kind === 'CreateTrigStmt' && body.events & TRIGGER_ON_INSERT) {
      this.insertTriggers.push({ trigger: body.trigname, on: body.relation, fn: lastName(body.funcname).toLowerCase(), where: this.source.lineOf(at + leadingBytes(this.source, at)) });
    }
    if (kind === 'CreateStmt') return this.createTable(body, offset);
    if (kind === 'AlterTableStmt') return this.alterTable(body, offset);
    if (kind === 'IndexStmt') return this.index(body, offset, at, end);
    if (kind === 'CreateEnumStmt') {
      this.schema.enums[declaredTypeKey(this.qualified(body.typeName))] = namesOf(body.vals);
      return;
    }
    if (kind === 'CreateDomainStmt') return this.domain(body, offset);
    const skippedKind = SKIPPED[kind] ?? 'statement';
    const name = this.nameOf(kind, body);
    this.schema.skipped.push({
      kind: skippedKind,
      name,
      reason: `${this.source.lineOf(at + leadingBytes(this.source, at))}: ${skippedKind === 'data' ? 'rows are not imported, only the schema' : `${/^[aeiou]/.test(skippedKind) ? 'an' : 'a'} ${skippedKind} makes no rows; it is not part of a blueprint`}.`,
    });
  }

  /** `SET search_path = app, public`: unqualified names that follow go to `app`. */
  private searchPath(body: Node): void {
    if (String(body.name).toLowerCase() !== 'search_path') return;
    const first = ((body.args ?? []) as Node[]).map((a) => constValue(a) ?? a?.String?.sval).find((v) => typeof v === 'string' && v !== '');
    if (typeof first === 'string') this.tables.defaultSchema = first.split(',')[0].trim().replace(/^"|"$/g, '') || undefined;
  }

  /** `CREATE SCHEMA sales CREATE TABLE …`: its elements are read as statements whose unqualified names are in it. */
  private createSchema(body: Node, statement: Statement): void {
    const before = this.tables.defaultSchema;
    this.tables.defaultSchema = body.schemaname ?? before;
    try {
      for (const element of (body.schemaElts ?? []) as Node[]) this.read({ ...statement, node: element });
    } finally {
      this.tables.defaultSchema = before;
    }
  }

  /** A declared type's name with the default schema when it names none (an enum or domain created in `CREATE SCHEMA`). */
  private qualified(names: Node[]): Node[] {
    const schema = this.tables.defaultSchema;
    return names.length === 1 && schema && schema !== 'public' ? [{ String: { sval: schema } }, ...names] : names;
  }

  /** A plpgsql function's INSERT targets, for a trigger that calls it on INSERT. */
  private triggerFunction(body: Node, at: number, end: number): void {
    const targets = insertTargets(this.source.slice(at, end));
    if (targets.length) this.functionInserts.set(lastName(body.funcname).toLowerCase(), targets);
  }

  private nameOf(kind: string, body: Node): string {
    if (body?.trigname) return body.trigname;
    if (body?.funcname) return lastName(body.funcname);
    const relation = body?.view ?? body?.relation ?? body?.into?.rel;
    if (relation?.relname) return relation.relname;
    if (body?.rulename) return body.rulename;
    if (body?.extname) return body.extname;
    if (body?.typevar?.relname) return body.typevar.relname;
    if (body?.typeName) return lastName(body.typeName);
    return kind.replace(/Stmt$/, '');
  }

  private createTable(body: Node, offset: number): void {
    const name: string = body.relation?.relname ?? '';
    const where = this.source.lineOf(offset + (body.relation?.location ?? 0));
    this.refuseTruncated(offset + (body.relation?.location ?? 0), 'table', name, where);
    const own = this.tables.nameOf(body.relation);
    if (body.partbound) {
      // A partition keeps its own keys until the end, when its foreign keys move to its parent.
      this.attach(this.tables.keyOf(body.inhRelations?.[0]?.RangeVar), this.tables.keyOf(body.relation), body.partbound);
    }
    if (body.partspec) this.partitionKeys.set(this.tables.keyOf(body.relation), partitionKeyOf(body.partspec));
    if (body.relation?.relpersistence === 't') {
      this.schema.skipped.push({ kind: 'table', name, reason: `${where}: a temporary table.` });
      return;
    }
    if (this.tables.size >= IMPORT_LIMITS.tables) {
      throw badInput('input.text', `The schema declares more than ${IMPORT_LIMITS.tables} tables; an import reads at most ${IMPORT_LIMITS.tables}.`);
    }
    const table: TableModel = { name, ...(own.schema ? { schema: own.schema } : {}), columns: [], uniques: [], foreignKeys: [], checks: [], where };
    if (body.inhRelations?.length && !body.partbound) {
      this.schema.skipped.push({ kind: 'inheritance', name, reason: `${where}: inherits from ${body.inhRelations.map((r: Node) => r.RangeVar?.relname).join(', ')}; only its own columns are imported.` });
    }
    for (const element of (body.tableElts ?? []) as Node[]) {
      if (element.ColumnDef) this.column(table, element.ColumnDef, offset);
      else if (element.Constraint) this.constraint(table, element.Constraint, offset);
    }
    if (table.columns.length > IMPORT_LIMITS.columns) throw badInput('input.text', `Table "${name}" (${where}) has more than ${IMPORT_LIMITS.columns} columns.`);
    this.tables.set(body.relation, table);
  }

  private column(table: TableModel, def: Node, offset: number): void {
    if (typeof def.location === 'number') this.refuseTruncated(offset + def.location, 'column', `${table.name}.${def.colname}`, this.source.lineOf(offset + def.location));
    const type = columnType(def.typeName);
    const column: ColumnModel = { name: def.colname, type, notNull: false, checks: [] };
    if (type.serial) markIdentity(column, 'default');
    delete type.serial;
    for (const c of (def.constraints ?? []).map((n: Node) => n.Constraint) as Node[]) {
      switch (c?.contype) {
        case 'CONSTR_NOTNULL':
          column.notNull = true;
          break;
        case 'CONSTR_PRIMARY':
          table.primaryKey = [column.name];
          column.notNull = true;
          break;
        case 'CONSTR_UNIQUE':
          table.uniques.push([column.name]);
          break;
        case 'CONSTR_FOREIGN':
          table.foreignKeys.push(this.foreignKey(c, [column.name], offset));
          break;
        case 'CONSTR_CHECK':
          column.checks.push(this.check(c, offset));
          break;
        case 'CONSTR_DEFAULT':
          column.defaultText = this.source.textAt(offset + (c.raw_expr?.location ?? c.location ?? 0), 40);
          if (isNextval(c.raw_expr)) markIdentity(column, 'default');
          break;
        case 'CONSTR_IDENTITY':
          markIdentity(column, identityOf(c));
          column.notNull = true;
          break;
        case 'CONSTR_GENERATED':
          this.schema.skipped.push({ kind: 'column', name: `${table.name}.${column.name}`, reason: 'a generated column: the database computes it, a load may not write it.' });
          return;
      }
    }
    table.columns.push(column);
  }

  /**
   * PostgreSQL's parser cuts a name longer than 63 bytes to its first 63
   * without a word (the server only logs a NOTICE), so the parsed name is
   * never too long: the name as written, at `at`, is checked instead. The
   * last of a qualified name's parts is the one that names the thing.
   */
  private refuseTruncated(at: number, what: string, parsed: string, where: string): void {
    // PostgreSQL cuts a name to 63 bytes: one the parser gives shorter was not cut, and its text need not be scanned again.
    if (Buffer.byteLength(what === 'column' ? parsed.slice(parsed.indexOf('.') + 1) : parsed) < MAX_NAME_BYTES) return;
    const written = writtenNameAt(this.source, at, Math.min(this.statementEnd, at + 4096));
    const bytes = written === undefined ? 0 : Buffer.byteLength(written);
    if (written === undefined || bytes <= MAX_NAME_BYTES) return;
    const shown = what === 'column' ? `${parsed.slice(0, parsed.indexOf('.'))}.${written}` : written;
    throw badInput(
      'input.text',
      `The name of ${what} "${shown}" (${where}) has ${written.length < bytes ? `${bytes} bytes` : `${written.length} characters`}; names are at most 63 (PostgreSQL would silently cut it to "${parsed.slice(parsed.indexOf('.') + 1)}"): shorten it.`,
    );
  }

  private constraint(table: TableModel, c: Node, offset: number): void {
    const keys = namesOf(c.keys);
    switch (c.contype) {
      case 'CONSTR_PRIMARY':
        table.primaryKey = keys;
        break;
      case 'CONSTR_UNIQUE':
        if (c.nulls_not_distinct) readUniqueIndex(table, { name: c.conname, keys, nullsNotDistinct: true }, this.written(offset + (c.location ?? 0), `UNIQUE NULLS NOT DISTINCT (${keys.join(', ')})`), this.schema.skipped);
        else table.uniques.push(keys);
        break;
      case 'CONSTR_EXCLUSION':
        readExclusion(table, c, this.written(offset + (c.location ?? 0), constraintText(this.source.slice(offset + (c.location ?? 0), this.statementEnd))), this.schema.skipped);
        break;
      case 'CONSTR_FOREIGN':
        table.foreignKeys.push(this.foreignKey(c, namesOf(c.fk_attrs), offset));
        break;
      case 'CONSTR_CHECK':
        table.checks.push(this.check(c, offset));
        break;
      default:
        this.schema.skipped.push({ kind: 'constraint', name: c.conname ?? `${table.name} ${String(c.contype).replace('CONSTR_', '').toLowerCase()}`, reason: `${this.source.lineOf(offset + (c.location ?? 0))}: this kind of constraint is not kept; generated rows may break it.` });
    }
  }

  private foreignKey(c: Node, columns: string[], offset: number): ForeignKeyModel {
    return {
      ...(c.conname ? { name: c.conname } : {}),
      columns,
      table: c.pktable?.relname ?? '',
      ...(this.tables.nameOf(c.pktable).schema ? { schema: this.tables.nameOf(c.pktable).schema } : {}),
      refColumns: namesOf(c.pk_attrs),
      ...(c.deferrable ? { deferrable: true } : {}),
      where: this.source.lineOf(offset + (c.location ?? 0)),
    };
  }

  private check(c: Node, offset: number, valueName?: string, end = this.statementEnd): CheckModel {
    const text = parenthesizedAfter(this.source, offset + (c.location ?? 0), end) ?? 'CHECK (...)';
    const line = Number(/\d+/.exec(this.source.lineOf(offset + (c.location ?? 0)))?.[0]);
    return pgCheckModel(c.raw_expr, text, { name: c.conname, line, valueName });
  }

  private alterTable(body: Node, offset: number): void {
    if (body.objtype && body.objtype !== 'OBJECT_TABLE') return;
    const table = this.tables.get(body.relation);
    for (const cmd of (body.cmds ?? []).map((n: Node) => n.AlterTableCmd) as Node[]) {
      if (cmd?.subtype === 'AT_AttachPartition') {
        this.attach(this.tables.keyOf(body.relation), this.tables.keyOf(cmd.def?.PartitionCmd?.name), cmd.def?.PartitionCmd?.bound);
      } else if (!table) {
        continue;
      } else if (cmd?.subtype === 'AT_AddConstraint' && cmd.def?.Constraint) {
        this.constraint(table, cmd.def.Constraint, offset);
      } else if (cmd?.subtype === 'AT_AddIdentity' || (cmd?.subtype === 'AT_ColumnDefault' && cmd.def)) {
        const column = table.columns.find((col) => col.name === cmd.name);
        if (!column) continue;
        if (cmd.subtype === 'AT_AddIdentity') markIdentity(column, identityOf(cmd.def?.Constraint));
        else {
          column.defaultText = this.source.textAt(offset + (cmd.def?.location ?? 0), 40);
          // pg_dump writes a serial as a plain integer and, later, its default.
          if (isNextval(cmd.def)) markIdentity(column, 'default');
        }
      } else if (cmd?.subtype === 'AT_SetNotNull') {
        const column = table.columns.find((col) => col.name === cmd.name);
        if (column) column.notNull = true;
      }
    }
  }

  private attach(parent: string, child: string, bound: Node): void {
    this.partitions.set(child, parent);
    const bounds = this.partitionBounds.get(parent) ?? [];
    bounds.push(bound);
    this.partitionBounds.set(parent, bounds);
  }

  private index(body: Node, offset: number, at: number, end: number): void {
    if (!body.unique) return;
    const table = this.tables.get(body.relation);
    if (!table) return;
    const start = at + leadingBytes(this.source, at);
    const text = this.source.slice(start, end).replace(/\s+/g, ' ').replace(/;\s*$/, '').trim();
    readUniqueIndex(
      table,
      { name: body.idxname, elements: body.indexParams ?? [], whereClause: body.whereClause, nullsNotDistinct: !!body.nulls_not_distinct },
      this.written(start, text.length > 4000 ? `${text.slice(0, 3999)}…` : text),
      this.schema.skipped,
    );
  }

  /** What an index or constraint reports: its text and line. */
  private written(offset: number, text: string) {
    const where = this.source.lineOf(offset);
    return { text, where, line: Number(/\d+/.exec(where)?.[0]) || undefined };
  }

  private domain(body: Node, offset: number): void {
    this.domainNodes.push({ node: body, offset, end: this.statementEnd, names: this.qualified(body.domainname) });
  }

  /** Tables a trigger's function fills when another table's rows are INSERTed: left to it (see SchemaModel.triggerFills). */
  private leaveToTriggers(): void {
    for (const { trigger, on, fn, where } of this.insertTriggers) {
      const onTable = this.tables.get(on);
      for (const target of this.functionInserts.get(fn) ?? []) {
        const filled = this.tables.get({ schemaname: target.includes('.') ? target.split('.')[0] : undefined, relname: target.split('.').at(-1) });
        if (!filled || filled === onTable) continue;
        (this.schema.triggerFills ??= []).push({ table: filled.name, trigger, on: onTable?.name ?? String(on?.relname), where });
        this.schema.skipped.push({ kind: 'trigger', name: trigger, reason: `${where}: inserting into ${onTable?.name ?? on?.relname} fills ${filled.name}, so that table is left to the trigger (no rows are written into it).` });
      }
    }
  }

  finish(): SchemaModel {
    for (const { node, offset, end, names } of this.domainNodes) {
      const name = declaredTypeKey(names);
      const checks: CheckModel[] = [];
      let notNull = false;
      for (const c of (node.constraints ?? []).map((n: Node) => n.Constraint) as Node[]) {
        if (c?.contype === 'CONSTR_NOTNULL') notNull = true;
        if (c?.contype === 'CONSTR_CHECK') checks.push(this.check(c, offset, DOMAIN_VALUE, end));
      }
      const checkText = checks.map((c) => c.text).join(' AND ') || undefined;
      this.schema.domains[name] = { name, baseType: columnType(node.typeName), notNull, checks, ...(checkText ? { checkText } : {}) };
    }
    for (const [childKey, parentKey] of this.partitions) {
      const child = this.tables.deleteKey(childKey);
      const parent = this.tables.byKey(parentKey);
      if (!child) continue;
      if (parent) adoptPartitionKeys(parent, child);
      this.schema.skipped.push({ kind: 'partition', name: child.name, reason: `a partition of ${parent?.name ?? 'another table'}: its rows are generated once, as ${parent?.name ?? 'its parent'}'s, and the database routes them${child.foreignKeys.length ? '; its foreign keys are kept on the parent' : ''}.` });
    }
    for (const [parentKey, key] of this.partitionKeys) {
      const check = partitionCheck(key, this.partitionBounds.get(parentKey) ?? []);
      if (check) this.tables.byKey(parentKey)?.checks.push(check);
    }
    const tables = this.tables.values();
    // Foreign keys name their target as the source did: found first, then named as the document names it.
    const targets = new Map(tables.flatMap((t) => t.foreignKeys.map((fk) => [fk, this.tables.get({ schemaname: fk.schema, relname: fk.table })] as const)));
    distinctNames(tables);
    for (const [fk, target] of targets) if (target) fk.table = target.name;
    this.leaveToTriggers();
    this.schema.tables = tables;
    this.schema.skipped.push(...this.source.refusals);
    if (this.schema.tables.length === 0) throw noTables(this.source.refusals[0]?.reason);
    resolveTypes(this.schema);
    return this.schema;
  }
}

/** GENERATED ALWAYS (`a`) or BY DEFAULT (`d`) AS IDENTITY. */
const identityOf = (c: Node): 'always' | 'default' => (c?.generated_when === 'a' ? 'always' : 'default');

/** A default drawn from a sequence, as a serial's is: `nextval('t_id_seq'::regclass)`. */
const isNextval = (expr: Node): boolean => lastName(expr?.FuncCall?.funcname).toLowerCase() === 'nextval';

/** Identity and serial columns are NOT NULL whatever else the column says. */
function markIdentity(column: ColumnModel, identity: 'always' | 'default'): void {
  column.generated = true;
  column.notNull = true;
  column.identity = identity;
}
