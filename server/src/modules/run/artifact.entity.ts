import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from './run.entity';

/** A finished file of a run: one table in one format. */
@Entity('artifacts')
export class ArtifactEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'run_id', type: 'uuid' })
  runId: string;

  @Column({ name: 'table_name', type: 'text' })
  tableName: string;

  @Column({ type: 'text' })
  format: string;

  /** File name, e.g. `users.csv.gz`; unique within the run. */
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  size: number;

  @Column({ type: 'text' })
  sha256: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
