import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The entity of docs/behaviour.md that owns packages, requests, searches and charges. */
@Entity('client')
export class ClientEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;
}
