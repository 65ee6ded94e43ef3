import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { BlueprintDocument } from '@seedbed/engine';

/** An immutable snapshot: rows are inserted, never updated. */
@Entity('blueprint_revisions')
@Unique(['blueprintId', 'number'])
export class BlueprintRevisionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'blueprint_id', type: 'uuid' })
  blueprintId: string;

  @Column({ type: 'integer' })
  number: number;

  /** `json`, not `jsonb`: the text as sent, keys in the user's order (jsonb reorders them). */
  @Column({ type: 'json' })
  document: BlueprintDocument;

  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
