import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Only the SHA-256 of the opaque token is stored; the token itself exists only at the client. */
@Entity('refresh_token')
export class RefreshTokenEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set when the token was exchanged for a new pair; presenting it again is theft. */
  @Column({ name: 'retired_at', type: 'timestamptz', nullable: true })
  retiredAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
