import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { ClientEntity } from './client.entity';
import { UserClientEntity } from './user-client.entity';

@Entity('app_user')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Stored lower-cased; unique. */
  @Column({ type: 'text', unique: true })
  email!: string;

  /** Null until an invited person chooses a password. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  profile!: string;

  @Column({ name: 'photo_url', type: 'text', default: '' })
  photoUrl!: string;

  @Column({ name: 'default_client_id', type: 'text' })
  defaultClientId!: string;

  @ManyToOne(() => ClientEntity)
  @JoinColumn({ name: 'default_client_id' })
  defaultClient?: ClientEntity;

  @OneToMany(() => UserClientEntity, (assignment) => assignment.user)
  clientAssignments?: UserClientEntity[];

  @Column({ name: 'last_sign_in_at', type: 'timestamptz', nullable: true })
  lastSignInAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
