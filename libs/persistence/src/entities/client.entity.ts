import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The entity of SPEC 4.2 that owns packages, requests, searches and charges. */
@Entity('client')
export class ClientEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;
}
