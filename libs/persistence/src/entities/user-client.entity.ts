import { Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ClientEntity } from './client.entity';
import { UserEntity } from './user.entity';

/** A user may act for several clients (SPEC 2.1 `clients`). */
@Entity('user_client')
export class UserClientEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ name: 'client_id', type: 'text' })
  clientId!: string;

  @ManyToOne(() => UserEntity, (user) => user.clientAssignments, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @ManyToOne(() => ClientEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientEntity;
}
