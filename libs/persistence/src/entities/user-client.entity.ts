import type { ClientRole, MemberStatus } from '@app/domain';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ClientEntity } from './client.entity';
import { UserEntity } from './user.entity';

/** A user may act for several clients, with a role in each. */
@Entity('user_client')
export class UserClientEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ name: 'client_id', type: 'text' })
  clientId!: string;

  /** What the user may do for this client (docs/behaviour.md, "Roles"). */
  @Column({ type: 'text', default: 'admin' })
  role!: ClientRole;

  /** invited until the person accepts; an admin may disable it (docs/behaviour.md, "Users"). */
  @Column({ type: 'text', default: 'active' })
  status!: MemberStatus;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @ManyToOne(() => UserEntity, (user) => user.clientAssignments, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @ManyToOne(() => ClientEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientEntity;
}
