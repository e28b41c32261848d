import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ClientEntity } from './client.entity';

/** A screening package of one client: an ordered list of process names (docs/behaviour.md). */
@Entity('package')
export class PackageEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'client_id', type: 'text' })
  clientId!: string;

  @ManyToOne(() => ClientEntity)
  @JoinColumn({ name: 'client_id' })
  client?: ClientEntity;

  @Column({ type: 'text' })
  name!: string;

  /** Process names in display order (the seed writes names of the domain catalogue; nothing in the database checks them). */
  @Column({ type: 'text', array: true })
  processes!: string[];
}
