import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One sign-in: the family of refresh tokens that descend from it and the access tokens that
 * carry its id (`sid`). Revoking it ends them all.
 */
@Entity('auth_session')
export class AuthSessionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'revoked_reason', type: 'text', nullable: true })
  revokedReason!: string | null;
}
