import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '../project/role';

@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId: string;

  @Column({ type: 'text' })
  name: string;

  /** EDITOR or VIEWER: a key is never OWNER. */
  @Column({ type: 'text' })
  role: Role;

  /** SHA-256 (hex) of the whole secret; the secret itself is never stored. */
  @Column({ name: 'secret_hash', type: 'text', unique: true, select: false })
  secretHash: string;

  @Column({ type: 'text' })
  prefix: string;

  @Column({ type: 'text' })
  last4: string;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdById: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}

export type ApiKeyStatus = 'ACTIVE' | 'REVOKED' | 'EXPIRED';

export function apiKeyStatus(key: ApiKeyEntity, now = new Date()): ApiKeyStatus {
  if (key.revokedAt) return 'REVOKED';
  if (key.expiresAt && key.expiresAt <= now) return 'EXPIRED';
  return 'ACTIVE';
}
