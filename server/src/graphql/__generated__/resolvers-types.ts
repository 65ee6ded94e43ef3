import { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import { UserEntity } from '../../modules/user/user.entity';
import { ProjectEntity } from '../../modules/project/project.entity';
import { MembershipEntity } from '../../modules/project/membership.entity';
import { ApiKeyEntity } from '../../modules/api-key/api-key.entity';
import { BlueprintEntity } from '../../modules/blueprint/blueprint.entity';
import { BlueprintRevisionEntity } from '../../modules/blueprint/blueprint-revision.entity';
import { AuditEventEntity } from '../../modules/audit/audit-event.entity';
import { GeneratorInfo, Preview as EnginePreview, ColumnInfo } from '@seedbed/engine';
import { RunEntity } from '../../modules/run/run.entity';
import { ArtifactEntity } from '../../modules/run/artifact.entity';
import { ImportDecision as ImportDecisionModel } from '@seedbed/import';
import { GraphQLContext } from '../context';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An ISO-8601 timestamp in UTC, such as `2026-01-31T12:00:00.000Z`. */
  DateTime: { input: Date; output: Date; }
  /** Any JSON value; used for the blueprint document (PRODUCT.md §10). */
  JSON: { input: unknown; output: unknown; }
};

/** A user to add to a project. */
export type AddMemberInput = {
  /** The email of an existing account. */
  email: Scalars['String']['input'];
  /** The project (OWNER). */
  projectId: Scalars['ID']['input'];
  /** The role to give. */
  role: Role;
};

/** A project-scoped credential for scripts and CI. Only a hash of the secret is stored. */
export type ApiKey = {
  __typename?: 'ApiKey';
  /** When the key was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Who created the key (null if that account is gone). */
  createdBy?: Maybe<User>;
  /** When the key stops being accepted, null for never. */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** The key's id (not its secret). */
  id: Scalars['ID']['output'];
  /** The last four characters of the secret. */
  last4: Scalars['String']['output'];
  /** When the key last authenticated a request, null if never. */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  /** What the key is for, such as `ci`. */
  name: Scalars['String']['output'];
  /** The visible start of the secret, such as `sbk_AbCd`. */
  prefix: Scalars['String']['output'];
  /** When the key was revoked, null while it is not. */
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** EDITOR or VIEWER; a key is never OWNER. */
  role: Role;
  /** Whether the key is accepted now. */
  status: ApiKeyStatus;
};

/** A page of API keys. */
export type ApiKeyConnection = {
  __typename?: 'ApiKeyConnection';
  /** The keys of this page. */
  edges: Array<ApiKeyEdge>;
  /** Where this page stands. */
  pageInfo: PageInfo;
  /** Keys in all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An API key in a page of keys. */
export type ApiKeyEdge = {
  __typename?: 'ApiKeyEdge';
  /** Pass as `after` to continue after this key. */
  cursor: Scalars['String']['output'];
  /** The key. */
  node: ApiKey;
};

/** Whether an API key is still accepted. */
export type ApiKeyStatus =
  /** Accepted. */
  | 'ACTIVE'
  /** Past its `expiresAt`; refused for ever. */
  | 'EXPIRED'
  /** Revoked by a member; refused for ever. */
  | 'REVOKED';

/** One file of a run: a table in a format. */
export type Artifact = {
  __typename?: 'Artifact';
  /** Its format. */
  format: OutputFormat;
  /** The file name, such as `users.csv` or `users.csv.gz`. */
  name: Scalars['String']['output'];
  /** SHA-256 of the whole file, in hex. */
  sha256: Scalars['String']['output'];
  /** Bytes. */
  size: Scalars['Float']['output'];
  /** The table it holds. */
  table: Scalars['String']['output'];
  /** Download path (supports Range); send the session cookie or an API key. */
  url: Scalars['String']['output'];
};

/** A security-relevant action: login, key created or revoked, role changed, ... */
export type AuditEvent = {
  __typename?: 'AuditEvent';
  /** Such as `auth.login`, `apiKey.create`, `apiKey.revoke`, `member.role`. */
  action: Scalars['String']['output'];
  /** Who acted (null for an API key or a deleted account). */
  actor?: Maybe<User>;
  /** When it happened. */
  createdAt: Scalars['DateTime']['output'];
  /** Details of the action, such as the old and new role. */
  data?: Maybe<Scalars['JSON']['output']>;
  /** The event's id. */
  id: Scalars['ID']['output'];
  /** The id of the object acted on, if it has one. */
  targetId?: Maybe<Scalars['String']['output']>;
  /** The kind and id of the object acted on. */
  targetType: Scalars['String']['output'];
};

/** A page of audit events. */
export type AuditEventConnection = {
  __typename?: 'AuditEventConnection';
  /** The events of this page. */
  edges: Array<AuditEventEdge>;
  /** Where this page stands. */
  pageInfo: PageInfo;
  /** Events in all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An event in a page of audit events. */
export type AuditEventEdge = {
  __typename?: 'AuditEventEdge';
  /** Pass as `after` to continue after this event. */
  cursor: Scalars['String']['output'];
  /** The event. */
  node: AuditEvent;
};

/** The result of signing up or in; the session itself travels in the httpOnly cookie. */
export type AuthPayload = {
  __typename?: 'AuthPayload';
  /** The signed-in user. */
  user: User;
};

/** A description of a dataset: tables, fields and their generators, relationships. */
export type Blueprint = {
  __typename?: 'Blueprint';
  /** Who saved the current revision. */
  author?: Maybe<User>;
  /** When the blueprint was created. */
  createdAt: Scalars['DateTime']['output'];
  /** The seed used when a run or preview names none. */
  defaultSeed: Scalars['Int']['output'];
  /** The document's `description`, if any. */
  description?: Maybe<Scalars['String']['output']>;
  /** The blueprint document (PRODUCT.md §10) of the current revision. */
  document: Scalars['JSON']['output'];
  /** The blueprint's id. */
  id: Scalars['ID']['output'];
  /** The document's locale, such as `en` or `de`. */
  locale: Scalars['String']['output'];
  /**
   * How this blueprint's mock answers each root field and mutation of its
   * imported SDL (bound by convention and by the document's `graphql` mapping);
   * empty for a blueprint without an SDL, whose mock follows PostGraphile's
   * conventions.
   */
  mockAnswers: Array<MockFieldAnswer>;
  /** A first query for this blueprint's mock API: a page of its first table (or of the imported SDL's first list). */
  mockExample: Scalars['String']['output'];
  /** Path of this blueprint's mock GraphQL API on this server (`?revision=` and `?seed=` pick other data). */
  mockPath: Scalars['String']['output'];
  /** The document's `name`. */
  name: Scalars['String']['output'];
  /** The project it belongs to. */
  project: Project;
  /** The current revision number; pass it as `baseRevision` when saving. */
  revision: Scalars['Int']['output'];
  /** One revision by number, or null. */
  revisionByNumber?: Maybe<BlueprintRevision>;
  /** How many revisions exist. */
  revisionCount: Scalars['Int']['output'];
  /** Revisions, newest first. */
  revisions: BlueprintRevisionConnection;
  /** When its current revision was saved. */
  updatedAt: Scalars['DateTime']['output'];
};


/** A description of a dataset: tables, fields and their generators, relationships. */
export type BlueprintRevisionByNumberArgs = {
  number: Scalars['Int']['input'];
};


/** A description of a dataset: tables, fields and their generators, relationships. */
export type BlueprintRevisionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first: Scalars['Int']['input'];
};

/** A page of blueprints. */
export type BlueprintConnection = {
  __typename?: 'BlueprintConnection';
  /** The blueprints of this page. */
  edges: Array<BlueprintEdge>;
  /** Where this page stands. */
  pageInfo: PageInfo;
  /** Blueprints in all pages. */
  totalCount: Scalars['Int']['output'];
};

/** A blueprint in a page of blueprints. */
export type BlueprintEdge = {
  __typename?: 'BlueprintEdge';
  /** Pass as `after` to continue after this blueprint. */
  cursor: Scalars['String']['output'];
  /** The blueprint. */
  node: Blueprint;
};

/** An immutable snapshot of a blueprint document. */
export type BlueprintRevision = {
  __typename?: 'BlueprintRevision';
  /** Who saved it. */
  author?: Maybe<User>;
  /** When it was saved. */
  createdAt: Scalars['DateTime']['output'];
  /** The document as it was saved. */
  document: Scalars['JSON']['output'];
  /** The revision's id. */
  id: Scalars['ID']['output'];
  /** Its number, from 1, one more for each save. */
  number: Scalars['Int']['output'];
};

/** A page of revisions. */
export type BlueprintRevisionConnection = {
  __typename?: 'BlueprintRevisionConnection';
  /** The revisions of this page. */
  edges: Array<BlueprintRevisionEdge>;
  /** Where this page stands. */
  pageInfo: PageInfo;
  /** Revisions in all pages. */
  totalCount: Scalars['Int']['output'];
};

/** A revision in a page of revisions. */
export type BlueprintRevisionEdge = {
  __typename?: 'BlueprintRevisionEdge';
  /** Pass as `after` to continue after this revision. */
  cursor: Scalars['String']['output'];
  /** The revision. */
  node: BlueprintRevision;
};

/** A new password for the signed-in user. */
export type ChangePasswordInput = {
  /** The account's current password. */
  currentPassword: Scalars['String']['input'];
  /** At least 12 characters. */
  newPassword: Scalars['String']['input'];
};

/** A new API key. */
export type CreateApiKeyInput = {
  /** Optional expiry; a key past it is refused. */
  expiresAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** What the key is for, 1 to 100 characters. */
  name: Scalars['String']['input'];
  /** The project the key acts in. */
  projectId: Scalars['ID']['input'];
  /** EDITOR or VIEWER, at most the creator's own role. */
  role: Role;
};

/** A new blueprint. */
export type CreateBlueprintInput = {
  /** A blueprint document (PRODUCT.md §10); its `name` names the blueprint. */
  document: Scalars['JSON']['input'];
  /** The project (OWNER or EDITOR). */
  projectId: Scalars['ID']['input'];
};

/** A new project. */
export type CreateProjectInput = {
  /** 1 to 100 characters; the slug is derived from it. */
  name: Scalars['String']['input'];
};

/** A key just created, with its secret. */
export type CreatedApiKey = {
  __typename?: 'CreatedApiKey';
  /** The key as it is listed from now on. */
  apiKey: ApiKey;
  /** The whole secret (`sbk_` + 40 base62 characters). Shown only in this response. */
  secret: Scalars['String']['output'];
};

/** The result of `testDatabaseTarget`. */
export type DatabaseTargetCheck = {
  __typename?: 'DatabaseTargetCheck';
  /** Null when reachable; TARGET_REFUSED when the URL's text is not one this server takes (not postgres://, mysql:// or mariadb:// (a sqlite: path is refused: a server writes no file a user names), a parameter other than sslmode, no host); TARGET_UNREACHABLE for every other failure, whatever it was. */
  code?: Maybe<Scalars['String']['output']>;
  /** How long the check took, in milliseconds. */
  elapsedMs: Scalars['Int']['output'];
  /** What happened, for a person: the server version when reachable; when not, the one failure message, naming the check id under which the server log keeps the reason. */
  message: Scalars['String']['output'];
  /** True when the server signed in to the database. */
  reachable: Scalars['Boolean']['output'];
};

/** A PostgreSQL database to load, through the target guard (PRODUCT.md §7). */
export type DatabaseTargetInput = {
  /** Create the tables (with keys and constraints) when they do not exist. */
  createTables?: InputMaybe<Scalars['Boolean']['input']>;
  /** Empty the tables first. */
  truncate?: InputMaybe<Scalars['Boolean']['input']>;
  /** postgres://user:password@host:port/database, or mysql:// (mariadb://) for MySQL and MariaDB (only these parts, and sslmode, are used). A sqlite: path is refused: load a SQLite file with `seedbed load --database sqlite:PATH`. */
  url: Scalars['String']['input'];
};

/** Files, one per table and format. */
export type FilesTargetInput = {
  /** For SQL files. */
  dialect?: InputMaybe<SqlDialect>;
  /** One or more formats. */
  formats: Array<OutputFormat>;
  /** Write `.gz` files. */
  gzip?: InputMaybe<Scalars['Boolean']['input']>;
};

/** A generator of the catalog, such as `person.firstName`. */
export type Generator = {
  __typename?: 'Generator';
  /** The group it is listed under, such as `person` or `internet`. */
  category: Scalars['String']['output'];
  /** What it makes, in a sentence. */
  description: Scalars['String']['output'];
  /** A few values it makes, always the same ones. */
  examples: Array<Maybe<Scalars['JSON']['output']>>;
  /** faker's `module.method` name where one exists, or Seedbed's own (`sequence`, `ref`, `formula`, ...). */
  id: Scalars['ID']['output'];
  /** JSON Schema of the `options` a field may give it. */
  optionsSchema: Scalars['JSON']['output'];
  /** The type of the values it makes. */
  outputType: ValueType;
  /** The column type its values get in SQL output. */
  sqlType: SqlTypes;
};

/** A blueprint made from an existing schema or sample. */
export type ImportBlueprintInput = {
  /** The blueprint's name (default: one derived from the source). */
  name?: InputMaybe<Scalars['String']['input']>;
  /** The project (OWNER or EDITOR). */
  projectId: Scalars['ID']['input'];
  /** What kind of source `text` or `url` holds. */
  source: ImportSource;
  /** The schema or sample itself (every source but POSTGRES_URL). */
  text?: InputMaybe<Scalars['String']['input']>;
  /** A `postgres://` URL (POSTGRES_URL only). */
  url?: InputMaybe<Scalars['String']['input']>;
};

/** The generator an import chose for one column, and why. */
export type ImportDecision = {
  __typename?: 'ImportDecision';
  /** How sure the choice is, from 0 to 1. */
  confidence: Scalars['Float']['output'];
  /** What the source said of the column (declared type, observed spread, fitted distribution...), when known. */
  details?: Maybe<Scalars['JSON']['output']>;
  /** The field's name. */
  field: Scalars['String']['output'];
  /** The generator chosen. */
  generator: Scalars['String']['output'];
  /** The field's path in the document, e.g. `tables[0].fields[2]`. */
  path: Scalars['String']['output'];
  /** Why: the name, type, constraint or values it was chosen from. */
  reason: Scalars['String']['output'];
  /** Three values the chosen generator makes for this column (seed 1, the first rows), so a wrong guess shows at a glance; empty for row counts. */
  samples: Array<Maybe<Scalars['JSON']['output']>>;
  /** The table's name. */
  table: Scalars['String']['output'];
};

/** An import's result before saving. */
export type ImportPreview = {
  __typename?: 'ImportPreview';
  /** The inferred blueprint document (PRODUCT.md §10). */
  document: Scalars['JSON']['output'];
  /** GRAPHQL_SDL: how the mock will answer each root field and mutation; empty for other sources. */
  mockAnswers: Array<MockFieldAnswer>;
  /** One decision per generated column. */
  report: Array<ImportDecision>;
  /** Everything left out, with the reason. */
  skipped: Array<ImportSkipped>;
};

/** What an import would make, to review before saving. */
export type ImportPreviewInput = {
  /** The blueprint's name (default: one derived from the source). */
  name?: InputMaybe<Scalars['String']['input']>;
  /** The project the import is for, when there is one. */
  projectId?: InputMaybe<Scalars['ID']['input']>;
  /** What kind of source `text` or `url` holds. */
  source: ImportSource;
  /** The schema or sample itself (every source but POSTGRES_URL). */
  text?: InputMaybe<Scalars['String']['input']>;
  /** A `postgres://` URL (POSTGRES_URL only). */
  url?: InputMaybe<Scalars['String']['input']>;
};

/** Something in the source an import could not represent, left out with a warning. */
export type ImportSkipped = {
  __typename?: 'ImportSkipped';
  /** What it is: view, function, trigger, column, constraint, type, ... */
  kind: Scalars['String']['output'];
  /** Its name. */
  name: Scalars['String']['output'];
  /** Where it was in the source or the document, when known. */
  path?: Maybe<Scalars['String']['output']>;
  /** Why it was left out. */
  reason: Scalars['String']['output'];
};

/** Where an imported schema or sample comes from (PRODUCT.md §12). */
export type ImportSource =
  /** One table with a header row; the delimiter is sniffed. */
  | 'CSV_SAMPLE'
  /** A GraphQL schema; its mock API serves exactly that schema. */
  | 'GRAPHQL_SDL'
  /** An array of objects, an object of arrays (one per collection), or NDJSON. */
  | 'JSON_SAMPLE'
  /** `mysqldump --no-data` output or MySQL/MariaDB migration files. */
  | 'MYSQL_DDL'
  /** `pg_dump --schema-only` output or PostgreSQL migration files. */
  | 'POSTGRES_DDL'
  /** A live PostgreSQL database, read through the target guard: catalog and `pg_stats` only, never row data. */
  | 'POSTGRES_URL'
  /** `sqlite3 .schema` output. */
  | 'SQLITE_DDL';

/** A line ending of CSV and TSV output. */
export type LineEnding =
  /** `\r\n` (RFC 4180) */
  | 'CRLF'
  /** `\n` */
  | 'LF';

/** Credentials for `logIn`. */
export type LogInInput = {
  /** The account's email (case-insensitive). */
  email: Scalars['String']['input'];
  /** The account's password. */
  password: Scalars['String']['input'];
};

/** A user's role in a project. */
export type Membership = {
  __typename?: 'Membership';
  /** When the user joined the project. */
  createdAt: Scalars['DateTime']['output'];
  /** The membership's id (used by `setMemberRole` and `removeMember`). */
  id: Scalars['ID']['output'];
  /** The project. */
  project: Project;
  /** What the member may do there. */
  role: Role;
  /** The member. */
  user: User;
};

/** A page of members. */
export type MembershipConnection = {
  __typename?: 'MembershipConnection';
  /** The memberships of this page. */
  edges: Array<MembershipEdge>;
  /** Where this page stands. */
  pageInfo: PageInfo;
  /** Members in all pages. */
  totalCount: Scalars['Int']['output'];
};

/** A membership in a page of members. */
export type MembershipEdge = {
  __typename?: 'MembershipEdge';
  /** Pass as `after` to continue after this membership. */
  cursor: Scalars['String']['output'];
  /** The membership. */
  node: Membership;
};

/** What a mock does with one root field or mutation of an imported SDL. */
export type MockAnswerKind =
  /** An aggregate (count, min, max, sum, avg) of rows. */
  | 'AGGREGATE'
  /** A mutation of another shape (`login`, `bookTrips`, `likePost`): answered in its declared type from its arguments and the rows they name, writing nothing. */
  | 'ANSWERED'
  /** A mutation that creates rows. */
  | 'CREATE'
  /** A mutation that deletes rows. */
  | 'DELETE'
  /** A list of rows, filtered, ordered and paged by its arguments. */
  | 'LIST'
  /** One row, found by the fields its arguments name. */
  | 'LOOKUP'
  /** Relay's node(id:): a row of any type by its global id. */
  | 'NODE'
  /** A page wrapper (a connection, or a REST-style page block) of rows. */
  | 'PAGE'
  /** Nothing maps it: the mock answers an error saying so. */
  | 'UNMAPPED'
  /** A mutation that changes rows. */
  | 'UPDATE';

/** How a mock answers one root field or mutation of an imported SDL (PRODUCT.md §13). */
export type MockFieldAnswer = {
  __typename?: 'MockFieldAnswer';
  /** How it is answered, in words: the arguments bound and what each does. */
  answer: Scalars['String']['output'];
  /** The field, such as `Query.characters` or `Mutation.createUser`. */
  field: Scalars['String']['output'];
  /** What the mock does with it. */
  kind: MockAnswerKind;
  /** The table it reads or writes, when one. */
  table?: Maybe<Scalars['String']['output']>;
  /** Its arguments nothing binds (the mock ignores them and says so in each answer's `extensions.warnings`), each with why. */
  unbound: Array<Scalars['String']['output']>;
};

/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type Mutation = {
  __typename?: 'Mutation';
  /** Adds an existing user, by email, to a project with a role (OWNER). */
  addMember: Membership;
  /** Cancels a QUEUED or RUNNING run and removes its files; anything else is RUN_NOT_CANCELLABLE. */
  cancelRun: Run;
  /** Changes the signed-in user's password. Every other session of the account is ended, and the account's open subscriptions on every connection end too; this session stays signed in. */
  changePassword: Scalars['Boolean']['output'];
  /** Creates an API key for a project (OWNER: EDITOR or VIEWER keys; EDITOR: EDITOR or VIEWER keys). Needs a signed-in user: an API key cannot create keys. The secret is returned once. */
  createApiKey: CreatedApiKey;
  /** Creates a blueprint from a document (OWNER or EDITOR). Its first revision is 1. */
  createBlueprint: Blueprint;
  /** Creates a project; the caller becomes its OWNER. Needs a signed-in user. */
  createProject: Project;
  /** Deletes a blueprint with all its revisions (OWNER or EDITOR). */
  deleteBlueprint: Scalars['Boolean']['output'];
  /** Deletes a project and everything in it (OWNER). */
  deleteProject: Scalars['Boolean']['output'];
  /** Creates a blueprint (revision 1) from a schema or sample a team already has (OWNER or EDITOR; PRODUCT.md §12). */
  importBlueprint: Blueprint;
  /** Signs in with email and password (sets the session cookie). */
  logIn: AuthPayload;
  /** Ends the current session, and its open subscriptions on every connection. True when a session was ended. */
  logOut: Scalars['Boolean']['output'];
  /** Removes a member (OWNER). The last OWNER cannot be removed. The API keys the member created in the project are revoked, and the member's open subscriptions end. */
  removeMember: Scalars['Boolean']['output'];
  /**
   * Forgets every change mutations made to one mock of a blueprint (EDITOR or
   * more): the overlay of that revision and seed. Answers how many changed rows
   * it forgot. (A mock without an imported SDL also has its own `resetMock`.)
   */
  resetMock: Scalars['Int']['output'];
  /** Revokes an API key (OWNER or EDITOR). A revoked key is refused from then on. */
  revokeApiKey: ApiKey;
  /** Changes a member's role (OWNER). The last OWNER cannot be demoted. Made a VIEWER, the API keys the member created with more rights (EDITOR) are revoked; the member's open subscriptions end. */
  setMemberRole: Membership;
  /** Sets the origins from which browsers may call this project's mock APIs (EDITOR or more); replaces the list. */
  setMockOrigins: Project;
  /** Creates an account and signs it in (sets the session cookie). */
  signUp: AuthPayload;
  /** Starts generating a blueprint revision into files or a PostgreSQL, MySQL or MariaDB database (OWNER or EDITOR). The run is QUEUED; follow it with `runProgress`. */
  startRun: Run;
  /** Checks that a `postgres://` or `mysql://` URL would be accepted as a run target and can be signed in to (OWNER or EDITOR). Stores nothing. Every failure gives the same answer after the same few seconds (so the check cannot map a network or guess a password); the server log has the reason. At most 10 a minute per user (RATE_LIMITED). */
  testDatabaseTarget: DatabaseTargetCheck;
  /** Saves a new revision. `baseRevision` must be the current revision, or the edit is a CONFLICT. */
  updateBlueprint: Blueprint;
  /** Renames a project (OWNER). */
  updateProject: Project;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationAddMemberArgs = {
  input: AddMemberInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationCancelRunArgs = {
  id: Scalars['ID']['input'];
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationChangePasswordArgs = {
  input: ChangePasswordInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationCreateApiKeyArgs = {
  input: CreateApiKeyInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationCreateBlueprintArgs = {
  input: CreateBlueprintInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationCreateProjectArgs = {
  input: CreateProjectInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationDeleteBlueprintArgs = {
  id: Scalars['ID']['input'];
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationDeleteProjectArgs = {
  id: Scalars['ID']['input'];
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationImportBlueprintArgs = {
  input: ImportBlueprintInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationLogInArgs = {
  input: LogInInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationRemoveMemberArgs = {
  input: RemoveMemberInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationResetMockArgs = {
  input: ResetMockInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationRevokeApiKeyArgs = {
  id: Scalars['ID']['input'];
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationSetMemberRoleArgs = {
  input: SetMemberRoleInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationSetMockOriginsArgs = {
  input: SetMockOriginsInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationSignUpArgs = {
  input: SignUpInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationStartRunArgs = {
  input: StartRunInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationTestDatabaseTargetArgs = {
  input: TestDatabaseTargetInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationUpdateBlueprintArgs = {
  input: UpdateBlueprintInput;
};


/** What can be changed. Every mutation checks the caller's role in the project concerned (PRODUCT.md §6). */
export type MutationUpdateProjectArgs = {
  input: UpdateProjectInput;
};

/** A file format rows are written in. */
export type OutputFormat =
  /** Comma-separated, RFC 4180, with a header row. */
  | 'CSV'
  /** One JSON array of row objects. */
  | 'JSON'
  /** One JSON object per line. */
  | 'NDJSON'
  /** CREATE TABLE and INSERT statements in `dialect`. */
  | 'SQL'
  /** Tab-separated, PostgreSQL's text format, with a header row. */
  | 'TSV';

/** How a file is written beyond its format (runs and downloads); options of another format are ignored, unset ones keep the format's defaults. */
export type OutputOptionsInput = {
  /** CSV and TSV: the one character between fields (default `,` and a tab); not a quote, backslash, line break, letter or digit. */
  delimiter?: InputMaybe<Scalars['String']['input']>;
  /** CSV and TSV for spreadsheets: a text cell starting with =, +, -, @, a tab or a CR gets a leading ' so that Excel, LibreOffice or Google Sheets show it rather than run it as a formula (default false; numbers are left alone). Leave it off for files a program or a database loads: they would get the ' too. */
  escapeFormulas?: InputMaybe<Scalars['Boolean']['input']>;
  /** CSV and TSV: write the row of column names first (default true). */
  header?: InputMaybe<Scalars['Boolean']['input']>;
  /** CSV and TSV: the line ending (default CRLF for CSV, LF for TSV). */
  lineEnding?: InputMaybe<LineEnding>;
  /** CSV and TSV: the text of a NULL cell, at most 32 characters (default empty in CSV, `\N` in TSV). CSV quotes a text equal to it. */
  nullMarker?: InputMaybe<Scalars['String']['input']>;
  /** JSON: indented by two spaces, one key per line (default false). NDJSON stays one row per line. */
  pretty?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Relay pagination info. */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** Cursor of the last edge of this page, null when it is empty. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** True when a page follows this one (pass `endCursor` as `after`). */
  hasNextPage: Scalars['Boolean']['output'];
  /** True when this page did not start at the beginning. */
  hasPreviousPage: Scalars['Boolean']['output'];
  /** Cursor of the first edge of this page, null when it is empty. */
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** Rows of one table, as the engine makes them. */
export type Preview = {
  __typename?: 'Preview';
  /** The table's columns, in document order. */
  columns: Array<PreviewColumn>;
  /** The index of the first row shown, from 0. */
  offset: Scalars['Float']['output'];
  /** Row-major values; dates are ISO strings. */
  rows: Array<Array<Maybe<Scalars['JSON']['output']>>>;
  /** The table shown. */
  table: Scalars['String']['output'];
  /** Rows the table has in a full generation (can exceed 2^31, hence Float). */
  totalRows: Scalars['Float']['output'];
};

/** A column of a preview. */
export type PreviewColumn = {
  __typename?: 'PreviewColumn';
  /** The field's name. */
  name: Scalars['String']['output'];
  /** True when the field can be NULL (a null rate above 0). */
  nullable: Scalars['Boolean']['output'];
  /** Its column type in each SQL dialect. */
  sqlType: SqlTypes;
  /** The type of its values. */
  type: ValueType;
  /** True when its values are all distinct (unique or the primary key). */
  unique: Scalars['Boolean']['output'];
};

/** What to preview: a saved blueprint or an unsaved document, a table, a window of rows and a seed. */
export type PreviewInput = {
  /** A saved blueprint (VIEWER or above). */
  blueprintId?: InputMaybe<Scalars['ID']['input']>;
  /** An unsaved blueprint document, instead of `blueprintId`. */
  document?: InputMaybe<Scalars['JSON']['input']>;
  /** How many rows, 1 to 100. */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** First row, from 0. */
  offset?: InputMaybe<Scalars['Float']['input']>;
  /** With `blueprintId`: a past revision (default: the current one). */
  revision?: InputMaybe<Scalars['Int']['input']>;
  /** Default: the document's seed. */
  seed?: InputMaybe<Scalars['Int']['input']>;
  /** The table to show (default: the first). */
  table?: InputMaybe<Scalars['String']['input']>;
};

/** A team's space: its members, blueprints, runs and API keys. */
export type Project = {
  __typename?: 'Project';
  /** API keys, newest first (OWNER or EDITOR). */
  apiKeys: ApiKeyConnection;
  /** Security-relevant events, newest first (OWNER). */
  auditEvents: AuditEventConnection;
  /** Blueprints, newest first. */
  blueprints: BlueprintConnection;
  /** When the project was created. */
  createdAt: Scalars['DateTime']['output'];
  /** The project's id. */
  id: Scalars['ID']['output'];
  /** Members, oldest first. */
  members: MembershipConnection;
  /** Origins (such as `http://localhost:5173`) from which browsers may call this project's mock APIs (CORS). */
  mockOrigins: Array<Scalars['String']['output']>;
  /** The caller's role here (an API key's role for a key). */
  myRole: Role;
  /** The project's display name. */
  name: Scalars['String']['output'];
  /** Runs, newest first. */
  runs: RunConnection;
  /** Unique across Seedbed, derived from the name. */
  slug: Scalars['String']['output'];
};


/** A team's space: its members, blueprints, runs and API keys. */
export type ProjectApiKeysArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first: Scalars['Int']['input'];
};


/** A team's space: its members, blueprints, runs and API keys. */
export type ProjectAuditEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first: Scalars['Int']['input'];
};


/** A team's space: its members, blueprints, runs and API keys. */
export type ProjectBlueprintsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first: Scalars['Int']['input'];
};


/** A team's space: its members, blueprints, runs and API keys. */
export type ProjectMembersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first: Scalars['Int']['input'];
};


/** A team's space: its members, blueprints, runs and API keys. */
export type ProjectRunsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first: Scalars['Int']['input'];
};

/** A page of projects. */
export type ProjectConnection = {
  __typename?: 'ProjectConnection';
  /** The projects of this page. */
  edges: Array<ProjectEdge>;
  /** Where this page stands. */
  pageInfo: PageInfo;
  /** Projects in all pages. */
  totalCount: Scalars['Int']['output'];
};

/** A project in a page of projects. */
export type ProjectEdge = {
  __typename?: 'ProjectEdge';
  /** Pass as `after` to continue after this project. */
  cursor: Scalars['String']['output'];
  /** The project. */
  node: Project;
};

/** What can be read. Objects of projects the caller is not a member of read as null (or NOT_FOUND), exactly like objects that do not exist. */
export type Query = {
  __typename?: 'Query';
  /** A blueprint of a project the caller belongs to; null otherwise. */
  blueprint?: Maybe<Blueprint>;
  /** Names of the generator categories, sorted. */
  generatorCategories: Array<Scalars['String']['output']>;
  /** The generator catalog: `search` matches id, category and description (all words), best matches first (the id, then its words, then the description; common generators before exotic ones); `category` filters exactly. */
  generators: Array<Generator>;
  /**
   * What an import would create, without saving anything (PRODUCT.md §12): the
   * inferred document, each column's generator with its reason and confidence,
   * and every skipped item. `projectId` is optional here.
   */
  importPreview: ImportPreview;
  /** The locales a blueprint may name (its `locale`), such as `en`, `de_CH`, `pt_BR`. */
  locales: Array<Scalars['String']['output']>;
  /** The signed-in user, or null for an anonymous caller or an API key. */
  me?: Maybe<User>;
  /**
   * Rows of one table, computed directly at any offset (no rows before it are
   * generated): the same values a run or the rows API produces for the same
   * revision and seed. Give a saved `blueprintId` (optionally a `revision`) or an
   * unsaved `document`.
   */
  preview: Preview;
  /** A project the caller belongs to, by id or slug; null when it does not exist or the caller is not a member. */
  project?: Maybe<Project>;
  /** Projects the caller belongs to, oldest first. An API key sees only its own project. */
  projects: ProjectConnection;
  /** A run of a project the caller belongs to; null otherwise. */
  run?: Maybe<Run>;
  /** Blueprints to start from (people, an online shop, a SaaS, a blog, ...): each document validates and generates as it is. Needs no sign-in. */
  templates: Array<Template>;
};


/** What can be read. Objects of projects the caller is not a member of read as null (or NOT_FOUND), exactly like objects that do not exist. */
export type QueryBlueprintArgs = {
  id: Scalars['ID']['input'];
};


/** What can be read. Objects of projects the caller is not a member of read as null (or NOT_FOUND), exactly like objects that do not exist. */
export type QueryGeneratorsArgs = {
  category?: InputMaybe<Scalars['String']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
};


/** What can be read. Objects of projects the caller is not a member of read as null (or NOT_FOUND), exactly like objects that do not exist. */
export type QueryImportPreviewArgs = {
  input: ImportPreviewInput;
};


/** What can be read. Objects of projects the caller is not a member of read as null (or NOT_FOUND), exactly like objects that do not exist. */
export type QueryPreviewArgs = {
  input: PreviewInput;
};


/** What can be read. Objects of projects the caller is not a member of read as null (or NOT_FOUND), exactly like objects that do not exist. */
export type QueryProjectArgs = {
  id: Scalars['ID']['input'];
};


/** What can be read. Objects of projects the caller is not a member of read as null (or NOT_FOUND), exactly like objects that do not exist. */
export type QueryProjectsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first: Scalars['Int']['input'];
};


/** What can be read. Objects of projects the caller is not a member of read as null (or NOT_FOUND), exactly like objects that do not exist. */
export type QueryRunArgs = {
  id: Scalars['ID']['input'];
};


/** What can be read. Objects of projects the caller is not a member of read as null (or NOT_FOUND), exactly like objects that do not exist. */
export type QueryTemplatesArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
};

/** A member to remove. */
export type RemoveMemberInput = {
  /** The membership to remove. */
  membershipId: Scalars['ID']['input'];
};

/** Input of resetMock. */
export type ResetMockInput = {
  /** The blueprint. */
  blueprintId: Scalars['ID']['input'];
  /** The revision whose mock to reset (default the current one). */
  revision?: InputMaybe<Scalars['Int']['input']>;
  /** The seed whose mock to reset (default the document's). */
  seed?: InputMaybe<Scalars['Int']['input']>;
};

/** A role in a project; each includes the rights of the ones below it. */
export type Role =
  /** Edit blueprints, import, start and cancel runs, create EDITOR/VIEWER API keys. */
  | 'EDITOR'
  /** Everything, including members, roles and deleting the project. */
  | 'OWNER'
  /** Read blueprints, preview, read runs, download. */
  | 'VIEWER';

/** A generation job: a pinned blueprint revision and seed, made into files or loaded into a database. */
export type Run = {
  __typename?: 'Run';
  /** The files, once the run SUCCEEDED (empty for database runs). */
  artifacts: Array<Artifact>;
  /** Attempts of the most retried part of the run (at most the configured run attempts). */
  attempts: Scalars['Int']['output'];
  /** Null when the blueprint was deleted since. */
  blueprint?: Maybe<Blueprint>;
  /** When it was started. */
  createdAt: Scalars['DateTime']['output'];
  /** Why it FAILED, or null. */
  error?: Maybe<Scalars['String']['output']>;
  /** When the files will be deleted (SUCCEEDED file runs). */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** When it SUCCEEDED, FAILED or was CANCELLED. */
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The run's id. */
  id: Scalars['ID']['output'];
  /** The project it belongs to. */
  project: Project;
  /**
   * While QUEUED, its place among the runs waiting for a worker (1: the next to
   * start); null otherwise. Workers serve users in turn, so a user's second
   * waiting run comes after every other user's first, and the place can grow when
   * another user starts a run.
   */
  queuePosition?: Maybe<Scalars['Int']['output']>;
  /** Who started it (null for an API key or a deleted account). */
  requestedBy?: Maybe<User>;
  /** The blueprint revision it was started from. */
  revision: Scalars['Int']['output'];
  /** Rows made so far; never goes backwards. */
  rowsDone: Scalars['Float']['output'];
  /** Rows it makes in all, every table counted. */
  rowsTotal: Scalars['Float']['output'];
  /** The seed it generates with. */
  seed: Scalars['Int']['output'];
  /** When a worker first took it. */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where it stands (see RunStatus). */
  status: RunStatus;
  /** Where its rows go. */
  target: RunTarget;
};

/** A page of runs. */
export type RunConnection = {
  __typename?: 'RunConnection';
  /** The runs of this page. */
  edges: Array<RunEdge>;
  /** Where this page stands. */
  pageInfo: PageInfo;
  /** Runs in all pages. */
  totalCount: Scalars['Int']['output'];
};

/** A run in a page of runs. */
export type RunEdge = {
  __typename?: 'RunEdge';
  /** Pass as `after` to continue after this run. */
  cursor: Scalars['String']['output'];
  /** The run. */
  node: Run;
};

/** QUEUED → RUNNING → SUCCEEDED | FAILED | CANCELLED; QUEUED → CANCELLED; RUNNING → QUEUED (worker lost, attempts remain); SUCCEEDED → EXPIRED. */
export type RunStatus =
  /** Cancelled by a member; its files were removed. */
  | 'CANCELLED'
  /** The retention passed and the files were deleted. */
  | 'EXPIRED'
  /** It stopped with an error, or ran out of attempts; see `error`. */
  | 'FAILED'
  /** Waiting for a worker. */
  | 'QUEUED'
  /** A worker is generating it. */
  | 'RUNNING'
  /** Every file was written (or the database loaded). */
  | 'SUCCEEDED';

/** Where a run's rows go. A database's URL is never shown, only its host and name. */
export type RunTarget = {
  __typename?: 'RunTarget';
  /** The database's name (database runs). */
  database?: Maybe<Scalars['String']['output']>;
  /** The dialect of SQL files (file runs), or the database's kind (database runs: POSTGRES, or MYSQL for MySQL and MariaDB). */
  dialect?: Maybe<SqlDialect>;
  /** The file formats (file runs). */
  formats?: Maybe<Array<OutputFormat>>;
  /** Whether files are gzipped (file runs). */
  gzip?: Maybe<Scalars['Boolean']['output']>;
  /** The database's host (database runs). */
  host?: Maybe<Scalars['String']['output']>;
  /** Files or a database. */
  kind: RunTargetKind;
  /** Whether the tables were emptied first (database runs). */
  truncate?: Maybe<Scalars['Boolean']['output']>;
};

/** Exactly one of `files` or `database`. */
export type RunTargetInput = {
  /** Load a PostgreSQL database. */
  database?: InputMaybe<DatabaseTargetInput>;
  /** Write files. */
  files?: InputMaybe<FilesTargetInput>;
};

/** Where a run writes its rows. */
export type RunTargetKind =
  /** A PostgreSQL database (loaded with COPY) or a MySQL/MariaDB one (batched INSERTs), in one transaction. */
  | 'DATABASE'
  /** Files, one per table and format, downloadable from the run. */
  | 'FILES';

/** A member's new role. */
export type SetMemberRoleInput = {
  /** The membership to change. */
  membershipId: Scalars['ID']['input'];
  /** The new role. */
  role: Role;
};

/** Input of setMockOrigins. */
export type SetMockOriginsInput = {
  /** Origins (scheme, host and port), at most 20; an empty list allows none. */
  origins: Array<Scalars['String']['input']>;
  /** The project. */
  projectId: Scalars['ID']['input'];
};

/** A new account. */
export type SignUpInput = {
  /** A valid email, unique case-insensitively. */
  email: Scalars['String']['input'];
  /** 1 to 200 characters, shown to other members. */
  name: Scalars['String']['input'];
  /** At least 12 characters. */
  password: Scalars['String']['input'];
};

/** The SQL dialect of SQL output and DDL. */
export type SqlDialect =
  /** MySQL and MariaDB. */
  | 'MYSQL'
  /** PostgreSQL. */
  | 'POSTGRES'
  /** SQLite. */
  | 'SQLITE';

/** The column type a value gets in each SQL dialect. */
export type SqlTypes = {
  __typename?: 'SqlTypes';
  /** The MySQL column type. */
  mysql: Scalars['String']['output'];
  /** The PostgreSQL column type. */
  postgres: Scalars['String']['output'];
  /** The SQLite column type. */
  sqlite: Scalars['String']['output'];
};

/** What to generate and where. */
export type StartRunInput = {
  /** The blueprint (OWNER or EDITOR). */
  blueprintId: Scalars['ID']['input'];
  /** How files are written beyond their format; each format's defaults when unset. For files only. */
  output?: InputMaybe<OutputOptionsInput>;
  /** Default: the current revision. */
  revision?: InputMaybe<Scalars['Int']['input']>;
  /** Rows of `table` (default: the first table with a fixed count); child tables scale with it. */
  rows?: InputMaybe<Scalars['Float']['input']>;
  /** Default: the blueprint's seed. */
  seed?: InputMaybe<Scalars['Int']['input']>;
  /** The table `rows` applies to; it must have a fixed row count. */
  table?: InputMaybe<Scalars['String']['input']>;
  /** Files or a database. */
  target: RunTargetInput;
};

/**
 * Live updates over the WebSocket transport (graphql-ws at `/graphql`), for a signed-in caller or an API key.
 * Each event is authorised as a new request would be; a subscription ends with UNAUTHENTICATED, FORBIDDEN or
 * NOT_FOUND as soon as its caller is removed from the project, given another role, logged out, has its key
 * revoked or changes the account's password.
 */
export type Subscription = {
  __typename?: 'Subscription';
  /** A heartbeat every `intervalMs` (default 1000), `count` times; shows the WebSocket transport is up. */
  heartbeat: Scalars['DateTime']['output'];
  /** The run now, then again each time it changes (a few times a second at most), until it ends. */
  runProgress: Run;
};


/**
 * Live updates over the WebSocket transport (graphql-ws at `/graphql`), for a signed-in caller or an API key.
 * Each event is authorised as a new request would be; a subscription ends with UNAUTHENTICATED, FORBIDDEN or
 * NOT_FOUND as soon as its caller is removed from the project, given another role, logged out, has its key
 * revoked or changes the account's password.
 */
export type SubscriptionHeartbeatArgs = {
  count?: InputMaybe<Scalars['Int']['input']>;
  intervalMs?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * Live updates over the WebSocket transport (graphql-ws at `/graphql`), for a signed-in caller or an API key.
 * Each event is authorised as a new request would be; a subscription ends with UNAUTHENTICATED, FORBIDDEN or
 * NOT_FOUND as soon as its caller is removed from the project, given another role, logged out, has its key
 * revoked or changes the account's password.
 */
export type SubscriptionRunProgressArgs = {
  id: Scalars['ID']['input'];
};

/** A blueprint document to start from; create it with `createBlueprint`, preview it with `preview(input: { document })`. */
export type Template = {
  __typename?: 'Template';
  /** What data it makes. */
  description: Scalars['String']['output'];
  /** The blueprint document (PRODUCT.md §10). */
  document: Scalars['JSON']['output'];
  /** Stable id, such as `online-shop`. */
  id: Scalars['ID']['output'];
  /** What it is called in the gallery. */
  name: Scalars['String']['output'];
  /** Its tables' names, parents first. */
  tables: Array<Scalars['String']['output']>;
};

/** A database URL to try before starting a run. */
export type TestDatabaseTargetInput = {
  /** The project the run would belong to (OWNER or EDITOR). */
  projectId: Scalars['ID']['input'];
  /** The `postgres://user:password@host:5432/database` or `mysql://user:password@host:3306/database` URL; it is not stored. */
  url: Scalars['String']['input'];
};

/** A new revision of a blueprint. */
export type UpdateBlueprintInput = {
  /** The revision this edit was based on; a stale one is a CONFLICT. */
  baseRevision: Scalars['Int']['input'];
  /** The whole new document (PRODUCT.md §10). */
  document: Scalars['JSON']['input'];
  /** The blueprint's id. */
  id: Scalars['ID']['input'];
};

/** A project's new name. */
export type UpdateProjectInput = {
  /** The project's id. */
  id: Scalars['ID']['input'];
  /** 1 to 100 characters. */
  name: Scalars['String']['input'];
};

/** A person with an account. */
export type User = {
  __typename?: 'User';
  /** When the account was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Unique case-insensitively; visible to members of the user's projects. */
  email: Scalars['String']['output'];
  /** The user's id. */
  id: Scalars['ID']['output'];
  /** The name the user signed up with. */
  name: Scalars['String']['output'];
};

/** The type of a generated value. */
export type ValueType =
  /** true or false. */
  | 'BOOLEAN'
  /** `YYYY-MM-DD` */
  | 'DATE'
  /** ISO-8601 in UTC */
  | 'DATETIME'
  /** A number with a fraction. */
  | 'FLOAT'
  /** A whole number. */
  | 'INTEGER'
  /** A JSON value (object or array). */
  | 'JSON'
  /** Text. */
  | 'STRING'
  /** An RFC 4122 UUID. */
  | 'UUID';

export type WithIndex<TObject> = TObject & Record<string, any>;
export type ResolversObject<TObject> = WithIndex<TObject>;

export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  AddMemberInput: AddMemberInput;
  ApiKey: ResolverTypeWrapper<ApiKeyEntity>;
  ApiKeyConnection: ResolverTypeWrapper<Omit<ApiKeyConnection, 'edges'> & { edges: Array<ResolversTypes['ApiKeyEdge']> }>;
  ApiKeyEdge: ResolverTypeWrapper<Omit<ApiKeyEdge, 'node'> & { node: ResolversTypes['ApiKey'] }>;
  ApiKeyStatus: ApiKeyStatus;
  Artifact: ResolverTypeWrapper<ArtifactEntity>;
  AuditEvent: ResolverTypeWrapper<AuditEventEntity>;
  AuditEventConnection: ResolverTypeWrapper<Omit<AuditEventConnection, 'edges'> & { edges: Array<ResolversTypes['AuditEventEdge']> }>;
  AuditEventEdge: ResolverTypeWrapper<Omit<AuditEventEdge, 'node'> & { node: ResolversTypes['AuditEvent'] }>;
  AuthPayload: ResolverTypeWrapper<Omit<AuthPayload, 'user'> & { user: ResolversTypes['User'] }>;
  Blueprint: ResolverTypeWrapper<BlueprintEntity>;
  BlueprintConnection: ResolverTypeWrapper<Omit<BlueprintConnection, 'edges'> & { edges: Array<ResolversTypes['BlueprintEdge']> }>;
  BlueprintEdge: ResolverTypeWrapper<Omit<BlueprintEdge, 'node'> & { node: ResolversTypes['Blueprint'] }>;
  BlueprintRevision: ResolverTypeWrapper<BlueprintRevisionEntity>;
  BlueprintRevisionConnection: ResolverTypeWrapper<Omit<BlueprintRevisionConnection, 'edges'> & { edges: Array<ResolversTypes['BlueprintRevisionEdge']> }>;
  BlueprintRevisionEdge: ResolverTypeWrapper<Omit<BlueprintRevisionEdge, 'node'> & { node: ResolversTypes['BlueprintRevision'] }>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  ChangePasswordInput: ChangePasswordInput;
  CreateApiKeyInput: CreateApiKeyInput;
  CreateBlueprintInput: CreateBlueprintInput;
  CreateProjectInput: CreateProjectInput;
  CreatedApiKey: ResolverTypeWrapper<Omit<CreatedApiKey, 'apiKey'> & { apiKey: ResolversTypes['ApiKey'] }>;
  DatabaseTargetCheck: ResolverTypeWrapper<DatabaseTargetCheck>;
  DatabaseTargetInput: DatabaseTargetInput;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  FilesTargetInput: FilesTargetInput;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  Generator: ResolverTypeWrapper<GeneratorInfo>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  ImportBlueprintInput: ImportBlueprintInput;
  ImportDecision: ResolverTypeWrapper<ImportDecisionModel>;
  ImportPreview: ResolverTypeWrapper<Omit<ImportPreview, 'report'> & { report: Array<ResolversTypes['ImportDecision']> }>;
  ImportPreviewInput: ImportPreviewInput;
  ImportSkipped: ResolverTypeWrapper<ImportSkipped>;
  ImportSource: ImportSource;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  LineEnding: LineEnding;
  LogInInput: LogInInput;
  Membership: ResolverTypeWrapper<MembershipEntity>;
  MembershipConnection: ResolverTypeWrapper<Omit<MembershipConnection, 'edges'> & { edges: Array<ResolversTypes['MembershipEdge']> }>;
  MembershipEdge: ResolverTypeWrapper<Omit<MembershipEdge, 'node'> & { node: ResolversTypes['Membership'] }>;
  MockAnswerKind: MockAnswerKind;
  MockFieldAnswer: ResolverTypeWrapper<MockFieldAnswer>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  OutputFormat: OutputFormat;
  OutputOptionsInput: OutputOptionsInput;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Preview: ResolverTypeWrapper<EnginePreview>;
  PreviewColumn: ResolverTypeWrapper<ColumnInfo>;
  PreviewInput: PreviewInput;
  Project: ResolverTypeWrapper<ProjectEntity>;
  ProjectConnection: ResolverTypeWrapper<Omit<ProjectConnection, 'edges'> & { edges: Array<ResolversTypes['ProjectEdge']> }>;
  ProjectEdge: ResolverTypeWrapper<Omit<ProjectEdge, 'node'> & { node: ResolversTypes['Project'] }>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RemoveMemberInput: RemoveMemberInput;
  ResetMockInput: ResetMockInput;
  Role: Role;
  Run: ResolverTypeWrapper<RunEntity>;
  RunConnection: ResolverTypeWrapper<Omit<RunConnection, 'edges'> & { edges: Array<ResolversTypes['RunEdge']> }>;
  RunEdge: ResolverTypeWrapper<Omit<RunEdge, 'node'> & { node: ResolversTypes['Run'] }>;
  RunStatus: RunStatus;
  RunTarget: ResolverTypeWrapper<RunTarget>;
  RunTargetInput: RunTargetInput;
  RunTargetKind: RunTargetKind;
  SetMemberRoleInput: SetMemberRoleInput;
  SetMockOriginsInput: SetMockOriginsInput;
  SignUpInput: SignUpInput;
  SqlDialect: SqlDialect;
  SqlTypes: ResolverTypeWrapper<SqlTypes>;
  StartRunInput: StartRunInput;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Template: ResolverTypeWrapper<Template>;
  TestDatabaseTargetInput: TestDatabaseTargetInput;
  UpdateBlueprintInput: UpdateBlueprintInput;
  UpdateProjectInput: UpdateProjectInput;
  User: ResolverTypeWrapper<UserEntity>;
  ValueType: ValueType;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  AddMemberInput: AddMemberInput;
  ApiKey: ApiKeyEntity;
  ApiKeyConnection: Omit<ApiKeyConnection, 'edges'> & { edges: Array<ResolversParentTypes['ApiKeyEdge']> };
  ApiKeyEdge: Omit<ApiKeyEdge, 'node'> & { node: ResolversParentTypes['ApiKey'] };
  Artifact: ArtifactEntity;
  AuditEvent: AuditEventEntity;
  AuditEventConnection: Omit<AuditEventConnection, 'edges'> & { edges: Array<ResolversParentTypes['AuditEventEdge']> };
  AuditEventEdge: Omit<AuditEventEdge, 'node'> & { node: ResolversParentTypes['AuditEvent'] };
  AuthPayload: Omit<AuthPayload, 'user'> & { user: ResolversParentTypes['User'] };
  Blueprint: BlueprintEntity;
  BlueprintConnection: Omit<BlueprintConnection, 'edges'> & { edges: Array<ResolversParentTypes['BlueprintEdge']> };
  BlueprintEdge: Omit<BlueprintEdge, 'node'> & { node: ResolversParentTypes['Blueprint'] };
  BlueprintRevision: BlueprintRevisionEntity;
  BlueprintRevisionConnection: Omit<BlueprintRevisionConnection, 'edges'> & { edges: Array<ResolversParentTypes['BlueprintRevisionEdge']> };
  BlueprintRevisionEdge: Omit<BlueprintRevisionEdge, 'node'> & { node: ResolversParentTypes['BlueprintRevision'] };
  Boolean: Scalars['Boolean']['output'];
  ChangePasswordInput: ChangePasswordInput;
  CreateApiKeyInput: CreateApiKeyInput;
  CreateBlueprintInput: CreateBlueprintInput;
  CreateProjectInput: CreateProjectInput;
  CreatedApiKey: Omit<CreatedApiKey, 'apiKey'> & { apiKey: ResolversParentTypes['ApiKey'] };
  DatabaseTargetCheck: DatabaseTargetCheck;
  DatabaseTargetInput: DatabaseTargetInput;
  DateTime: Scalars['DateTime']['output'];
  FilesTargetInput: FilesTargetInput;
  Float: Scalars['Float']['output'];
  Generator: GeneratorInfo;
  ID: Scalars['ID']['output'];
  ImportBlueprintInput: ImportBlueprintInput;
  ImportDecision: ImportDecisionModel;
  ImportPreview: Omit<ImportPreview, 'report'> & { report: Array<ResolversParentTypes['ImportDecision']> };
  ImportPreviewInput: ImportPreviewInput;
  ImportSkipped: ImportSkipped;
  Int: Scalars['Int']['output'];
  JSON: Scalars['JSON']['output'];
  LogInInput: LogInInput;
  Membership: MembershipEntity;
  MembershipConnection: Omit<MembershipConnection, 'edges'> & { edges: Array<ResolversParentTypes['MembershipEdge']> };
  MembershipEdge: Omit<MembershipEdge, 'node'> & { node: ResolversParentTypes['Membership'] };
  MockFieldAnswer: MockFieldAnswer;
  Mutation: Record<PropertyKey, never>;
  OutputOptionsInput: OutputOptionsInput;
  PageInfo: PageInfo;
  Preview: EnginePreview;
  PreviewColumn: ColumnInfo;
  PreviewInput: PreviewInput;
  Project: ProjectEntity;
  ProjectConnection: Omit<ProjectConnection, 'edges'> & { edges: Array<ResolversParentTypes['ProjectEdge']> };
  ProjectEdge: Omit<ProjectEdge, 'node'> & { node: ResolversParentTypes['Project'] };
  Query: Record<PropertyKey, never>;
  RemoveMemberInput: RemoveMemberInput;
  ResetMockInput: ResetMockInput;
  Run: RunEntity;
  RunConnection: Omit<RunConnection, 'edges'> & { edges: Array<ResolversParentTypes['RunEdge']> };
  RunEdge: Omit<RunEdge, 'node'> & { node: ResolversParentTypes['Run'] };
  RunTarget: RunTarget;
  RunTargetInput: RunTargetInput;
  SetMemberRoleInput: SetMemberRoleInput;
  SetMockOriginsInput: SetMockOriginsInput;
  SignUpInput: SignUpInput;
  SqlTypes: SqlTypes;
  StartRunInput: StartRunInput;
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  Template: Template;
  TestDatabaseTargetInput: TestDatabaseTargetInput;
  UpdateBlueprintInput: UpdateBlueprintInput;
  UpdateProjectInput: UpdateProjectInput;
  User: UserEntity;
}>;

export type ApiKeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ApiKey'] = ResolversParentTypes['ApiKey']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  createdBy?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  last4?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  prefix?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  role?: Resolver<ResolversTypes['Role'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ApiKeyStatus'], ParentType, ContextType>;
}>;

export type ApiKeyConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ApiKeyConnection'] = ResolversParentTypes['ApiKeyConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ApiKeyEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ApiKeyEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ApiKeyEdge'] = ResolversParentTypes['ApiKeyEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ApiKey'], ParentType, ContextType>;
}>;

export type ArtifactResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Artifact'] = ResolversParentTypes['Artifact']> = ResolversObject<{
  format?: Resolver<ResolversTypes['OutputFormat'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sha256?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  size?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  table?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type AuditEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AuditEvent'] = ResolversParentTypes['AuditEvent']> = ResolversObject<{
  action?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  actor?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  data?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  targetId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  targetType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type AuditEventConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AuditEventConnection'] = ResolversParentTypes['AuditEventConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['AuditEventEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type AuditEventEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AuditEventEdge'] = ResolversParentTypes['AuditEventEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['AuditEvent'], ParentType, ContextType>;
}>;

export type AuthPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AuthPayload'] = ResolversParentTypes['AuthPayload']> = ResolversObject<{
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
}>;

export type BlueprintResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Blueprint'] = ResolversParentTypes['Blueprint']> = ResolversObject<{
  author?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  defaultSeed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  document?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  locale?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  mockAnswers?: Resolver<Array<ResolversTypes['MockFieldAnswer']>, ParentType, ContextType>;
  mockExample?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  mockPath?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  project?: Resolver<ResolversTypes['Project'], ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  revisionByNumber?: Resolver<Maybe<ResolversTypes['BlueprintRevision']>, ParentType, ContextType, RequireFields<BlueprintRevisionByNumberArgs, 'number'>>;
  revisionCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  revisions?: Resolver<ResolversTypes['BlueprintRevisionConnection'], ParentType, ContextType, RequireFields<BlueprintRevisionsArgs, 'first'>>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type BlueprintConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BlueprintConnection'] = ResolversParentTypes['BlueprintConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['BlueprintEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type BlueprintEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BlueprintEdge'] = ResolversParentTypes['BlueprintEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Blueprint'], ParentType, ContextType>;
}>;

export type BlueprintRevisionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BlueprintRevision'] = ResolversParentTypes['BlueprintRevision']> = ResolversObject<{
  author?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  document?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  number?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type BlueprintRevisionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BlueprintRevisionConnection'] = ResolversParentTypes['BlueprintRevisionConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['BlueprintRevisionEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type BlueprintRevisionEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BlueprintRevisionEdge'] = ResolversParentTypes['BlueprintRevisionEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['BlueprintRevision'], ParentType, ContextType>;
}>;

export type CreatedApiKeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreatedApiKey'] = ResolversParentTypes['CreatedApiKey']> = ResolversObject<{
  apiKey?: Resolver<ResolversTypes['ApiKey'], ParentType, ContextType>;
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type DatabaseTargetCheckResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DatabaseTargetCheck'] = ResolversParentTypes['DatabaseTargetCheck']> = ResolversObject<{
  code?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  elapsedMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reachable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type GeneratorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Generator'] = ResolversParentTypes['Generator']> = ResolversObject<{
  category?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  examples?: Resolver<Array<Maybe<ResolversTypes['JSON']>>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  optionsSchema?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  outputType?: Resolver<ResolversTypes['ValueType'], ParentType, ContextType>;
  sqlType?: Resolver<ResolversTypes['SqlTypes'], ParentType, ContextType>;
}>;

export type ImportDecisionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportDecision'] = ResolversParentTypes['ImportDecision']> = ResolversObject<{
  confidence?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  details?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  field?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  generator?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  path?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  samples?: Resolver<Array<Maybe<ResolversTypes['JSON']>>, ParentType, ContextType>;
  table?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type ImportPreviewResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportPreview'] = ResolversParentTypes['ImportPreview']> = ResolversObject<{
  document?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  mockAnswers?: Resolver<Array<ResolversTypes['MockFieldAnswer']>, ParentType, ContextType>;
  report?: Resolver<Array<ResolversTypes['ImportDecision']>, ParentType, ContextType>;
  skipped?: Resolver<Array<ResolversTypes['ImportSkipped']>, ParentType, ContextType>;
}>;

export type ImportSkippedResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportSkipped'] = ResolversParentTypes['ImportSkipped']> = ResolversObject<{
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  path?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type MembershipResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Membership'] = ResolversParentTypes['Membership']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  project?: Resolver<ResolversTypes['Project'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['Role'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
}>;

export type MembershipConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MembershipConnection'] = ResolversParentTypes['MembershipConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['MembershipEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type MembershipEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MembershipEdge'] = ResolversParentTypes['MembershipEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Membership'], ParentType, ContextType>;
}>;

export type MockFieldAnswerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MockFieldAnswer'] = ResolversParentTypes['MockFieldAnswer']> = ResolversObject<{
  answer?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  field?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['MockAnswerKind'], ParentType, ContextType>;
  table?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  unbound?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  addMember?: Resolver<ResolversTypes['Membership'], ParentType, ContextType, RequireFields<MutationAddMemberArgs, 'input'>>;
  cancelRun?: Resolver<ResolversTypes['Run'], ParentType, ContextType, RequireFields<MutationCancelRunArgs, 'id'>>;
  changePassword?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationChangePasswordArgs, 'input'>>;
  createApiKey?: Resolver<ResolversTypes['CreatedApiKey'], ParentType, ContextType, RequireFields<MutationCreateApiKeyArgs, 'input'>>;
  createBlueprint?: Resolver<ResolversTypes['Blueprint'], ParentType, ContextType, RequireFields<MutationCreateBlueprintArgs, 'input'>>;
  createProject?: Resolver<ResolversTypes['Project'], ParentType, ContextType, RequireFields<MutationCreateProjectArgs, 'input'>>;
  deleteBlueprint?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteBlueprintArgs, 'id'>>;
  deleteProject?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteProjectArgs, 'id'>>;
  importBlueprint?: Resolver<ResolversTypes['Blueprint'], ParentType, ContextType, RequireFields<MutationImportBlueprintArgs, 'input'>>;
  logIn?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationLogInArgs, 'input'>>;
  logOut?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  removeMember?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRemoveMemberArgs, 'input'>>;
  resetMock?: Resolver<ResolversTypes['Int'], ParentType, ContextType, RequireFields<MutationResetMockArgs, 'input'>>;
  revokeApiKey?: Resolver<ResolversTypes['ApiKey'], ParentType, ContextType, RequireFields<MutationRevokeApiKeyArgs, 'id'>>;
  setMemberRole?: Resolver<ResolversTypes['Membership'], ParentType, ContextType, RequireFields<MutationSetMemberRoleArgs, 'input'>>;
  setMockOrigins?: Resolver<ResolversTypes['Project'], ParentType, ContextType, RequireFields<MutationSetMockOriginsArgs, 'input'>>;
  signUp?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationSignUpArgs, 'input'>>;
  startRun?: Resolver<ResolversTypes['Run'], ParentType, ContextType, RequireFields<MutationStartRunArgs, 'input'>>;
  testDatabaseTarget?: Resolver<ResolversTypes['DatabaseTargetCheck'], ParentType, ContextType, RequireFields<MutationTestDatabaseTargetArgs, 'input'>>;
  updateBlueprint?: Resolver<ResolversTypes['Blueprint'], ParentType, ContextType, RequireFields<MutationUpdateBlueprintArgs, 'input'>>;
  updateProject?: Resolver<ResolversTypes['Project'], ParentType, ContextType, RequireFields<MutationUpdateProjectArgs, 'input'>>;
}>;

export type PageInfoResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type PreviewResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Preview'] = ResolversParentTypes['Preview']> = ResolversObject<{
  columns?: Resolver<Array<ResolversTypes['PreviewColumn']>, ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  rows?: Resolver<Array<Array<Maybe<ResolversTypes['JSON']>>>, ParentType, ContextType>;
  table?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalRows?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type PreviewColumnResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PreviewColumn'] = ResolversParentTypes['PreviewColumn']> = ResolversObject<{
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  nullable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sqlType?: Resolver<ResolversTypes['SqlTypes'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['ValueType'], ParentType, ContextType>;
  unique?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type ProjectResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Project'] = ResolversParentTypes['Project']> = ResolversObject<{
  apiKeys?: Resolver<ResolversTypes['ApiKeyConnection'], ParentType, ContextType, RequireFields<ProjectApiKeysArgs, 'first'>>;
  auditEvents?: Resolver<ResolversTypes['AuditEventConnection'], ParentType, ContextType, RequireFields<ProjectAuditEventsArgs, 'first'>>;
  blueprints?: Resolver<ResolversTypes['BlueprintConnection'], ParentType, ContextType, RequireFields<ProjectBlueprintsArgs, 'first'>>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  members?: Resolver<ResolversTypes['MembershipConnection'], ParentType, ContextType, RequireFields<ProjectMembersArgs, 'first'>>;
  mockOrigins?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  myRole?: Resolver<ResolversTypes['Role'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  runs?: Resolver<ResolversTypes['RunConnection'], ParentType, ContextType, RequireFields<ProjectRunsArgs, 'first'>>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type ProjectConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProjectConnection'] = ResolversParentTypes['ProjectConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ProjectEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ProjectEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProjectEdge'] = ResolversParentTypes['ProjectEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Project'], ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  blueprint?: Resolver<Maybe<ResolversTypes['Blueprint']>, ParentType, ContextType, RequireFields<QueryBlueprintArgs, 'id'>>;
  generatorCategories?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  generators?: Resolver<Array<ResolversTypes['Generator']>, ParentType, ContextType, Partial<QueryGeneratorsArgs>>;
  importPreview?: Resolver<ResolversTypes['ImportPreview'], ParentType, ContextType, RequireFields<QueryImportPreviewArgs, 'input'>>;
  locales?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  me?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  preview?: Resolver<ResolversTypes['Preview'], ParentType, ContextType, RequireFields<QueryPreviewArgs, 'input'>>;
  project?: Resolver<Maybe<ResolversTypes['Project']>, ParentType, ContextType, RequireFields<QueryProjectArgs, 'id'>>;
  projects?: Resolver<ResolversTypes['ProjectConnection'], ParentType, ContextType, RequireFields<QueryProjectsArgs, 'first'>>;
  run?: Resolver<Maybe<ResolversTypes['Run']>, ParentType, ContextType, RequireFields<QueryRunArgs, 'id'>>;
  templates?: Resolver<Array<ResolversTypes['Template']>, ParentType, ContextType, Partial<QueryTemplatesArgs>>;
}>;

export type RunResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Run'] = ResolversParentTypes['Run']> = ResolversObject<{
  artifacts?: Resolver<Array<ResolversTypes['Artifact']>, ParentType, ContextType>;
  attempts?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  blueprint?: Resolver<Maybe<ResolversTypes['Blueprint']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  project?: Resolver<ResolversTypes['Project'], ParentType, ContextType>;
  queuePosition?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  requestedBy?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rowsDone?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  rowsTotal?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  seed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  startedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['RunStatus'], ParentType, ContextType>;
  target?: Resolver<ResolversTypes['RunTarget'], ParentType, ContextType>;
}>;

export type RunConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RunConnection'] = ResolversParentTypes['RunConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['RunEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type RunEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RunEdge'] = ResolversParentTypes['RunEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Run'], ParentType, ContextType>;
}>;

export type RunTargetResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RunTarget'] = ResolversParentTypes['RunTarget']> = ResolversObject<{
  database?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dialect?: Resolver<Maybe<ResolversTypes['SqlDialect']>, ParentType, ContextType>;
  formats?: Resolver<Maybe<Array<ResolversTypes['OutputFormat']>>, ParentType, ContextType>;
  gzip?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  host?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['RunTargetKind'], ParentType, ContextType>;
  truncate?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
}>;

export type SqlTypesResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SqlTypes'] = ResolversParentTypes['SqlTypes']> = ResolversObject<{
  mysql?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  postgres?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sqlite?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  heartbeat?: SubscriptionResolver<ResolversTypes['DateTime'], "heartbeat", ParentType, ContextType, RequireFields<SubscriptionHeartbeatArgs, 'count' | 'intervalMs'>>;
  runProgress?: SubscriptionResolver<ResolversTypes['Run'], "runProgress", ParentType, ContextType, RequireFields<SubscriptionRunProgressArgs, 'id'>>;
}>;

export type TemplateResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Template'] = ResolversParentTypes['Template']> = ResolversObject<{
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  document?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tables?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type UserResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type Resolvers<ContextType = GraphQLContext> = ResolversObject<{
  ApiKey?: ApiKeyResolvers<ContextType>;
  ApiKeyConnection?: ApiKeyConnectionResolvers<ContextType>;
  ApiKeyEdge?: ApiKeyEdgeResolvers<ContextType>;
  Artifact?: ArtifactResolvers<ContextType>;
  AuditEvent?: AuditEventResolvers<ContextType>;
  AuditEventConnection?: AuditEventConnectionResolvers<ContextType>;
  AuditEventEdge?: AuditEventEdgeResolvers<ContextType>;
  AuthPayload?: AuthPayloadResolvers<ContextType>;
  Blueprint?: BlueprintResolvers<ContextType>;
  BlueprintConnection?: BlueprintConnectionResolvers<ContextType>;
  BlueprintEdge?: BlueprintEdgeResolvers<ContextType>;
  BlueprintRevision?: BlueprintRevisionResolvers<ContextType>;
  BlueprintRevisionConnection?: BlueprintRevisionConnectionResolvers<ContextType>;
  BlueprintRevisionEdge?: BlueprintRevisionEdgeResolvers<ContextType>;
  CreatedApiKey?: CreatedApiKeyResolvers<ContextType>;
  DatabaseTargetCheck?: DatabaseTargetCheckResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  Generator?: GeneratorResolvers<ContextType>;
  ImportDecision?: ImportDecisionResolvers<ContextType>;
  ImportPreview?: ImportPreviewResolvers<ContextType>;
  ImportSkipped?: ImportSkippedResolvers<ContextType>;
  JSON?: GraphQLScalarType;
  Membership?: MembershipResolvers<ContextType>;
  MembershipConnection?: MembershipConnectionResolvers<ContextType>;
  MembershipEdge?: MembershipEdgeResolvers<ContextType>;
  MockFieldAnswer?: MockFieldAnswerResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Preview?: PreviewResolvers<ContextType>;
  PreviewColumn?: PreviewColumnResolvers<ContextType>;
  Project?: ProjectResolvers<ContextType>;
  ProjectConnection?: ProjectConnectionResolvers<ContextType>;
  ProjectEdge?: ProjectEdgeResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Run?: RunResolvers<ContextType>;
  RunConnection?: RunConnectionResolvers<ContextType>;
  RunEdge?: RunEdgeResolvers<ContextType>;
  RunTarget?: RunTargetResolvers<ContextType>;
  SqlTypes?: SqlTypesResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  Template?: TemplateResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
}>;

