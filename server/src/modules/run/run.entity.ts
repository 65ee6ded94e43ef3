import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { BlueprintDocument } from '../../engine';
import type { RunTarget } from './run-target';

export type RunStatus = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

/** bigint columns come back from pg as strings; counts here stay far below 2^53. */
const bigint = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

@Entity('runs')
export class RunEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId: string;

  @Column({ name: 'blueprint_id', type: 'uuid', nullable: true })
  blueprintId: string | null;

  /** The revision the run was pinned to when it started. */
  @Column({ type: 'integer' })
  revision: number;

  /** A copy of that revision's document: the run needs nothing else to make its bytes. Kept as sent (`json`, like revisions). */
  @Column({ type: 'json' })
  document: BlueprintDocument;

  @Column({ type: 'integer' })
  seed: number;

  @Column({ name: 'row_overrides', type: 'jsonb' })
  rowOverrides: Record<string, number>;

  @Column({ type: 'jsonb' })
  target: RunTarget;

  /** A database target's URL, encrypted at rest (see target-secret.ts); never exposed. */
  @Column({ name: 'target_secret', type: 'text', nullable: true, select: false })
  targetSecret: string | null;

  @Column({ type: 'text' })
  status: RunStatus;

  @Column({ name: 'rows_total', type: 'bigint', transformer: bigint })
  rowsTotal: number;

  @Column({ name: 'shards_total', type: 'integer' })
  shardsTotal: number;

  @Column({ name: 'shards_done', type: 'integer' })
  shardsDone: number;

  @Column({ type: 'integer' })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'requested_by', type: 'uuid', nullable: true })
  requestedById: string | null;

  /** Whom it counts against for the caps and the fair shares: its user, or its API key's creator (run.service.ts `ownerOf`). */
  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;
}

export { bigint as bigintTransformer };
