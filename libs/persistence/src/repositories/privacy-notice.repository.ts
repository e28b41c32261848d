import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from './executor';

export interface PrivacyNoticeView {
  id: string;
  version: string;
  url: string;
  purposes: Array<{ name: string; kind: string }>;
  createdAt: number;
}

const VIEW = `id, version, url, purposes, (extract(epoch FROM created_at) * 1000)::float8 AS "createdAt"`;

/** A client's privacy notices (docs/privacy.md, "Consent"): the newest is the current one. */
@Injectable()
export class PrivacyNoticeRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The new notice; null when the client has one of that version already. */
  async create(notice: {
    clientId: string;
    version: string;
    url: string;
    purposes: Array<{ name: string; kind: string }>;
    createdBy: string;
  }): Promise<PrivacyNoticeView | null> {
    const [row] = await queryRows<PrivacyNoticeView>(
      this.dataSource,
      `INSERT INTO privacy_notice (client_id, version, url, purposes, created_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (client_id, version) DO NOTHING RETURNING ${VIEW}`,
      [notice.clientId, notice.version, notice.url, JSON.stringify(notice.purposes), notice.createdBy],
    );
    return row ?? null;
  }

  /** Newest first. */
  list(clientId: string): Promise<PrivacyNoticeView[]> {
    return queryRows<PrivacyNoticeView>(
      this.dataSource,
      `SELECT ${VIEW} FROM privacy_notice WHERE client_id = $1 ORDER BY seq DESC`,
      [clientId],
    );
  }

  /** Every version the client has published, newest first (what registrations may cite). */
  async versions(clientId: string): Promise<string[]> {
    const rows = await queryRows<{ version: string }>(
      this.dataSource,
      `SELECT version FROM privacy_notice WHERE client_id = $1 ORDER BY seq DESC`,
      [clientId],
    );
    return rows.map((row) => row.version);
  }
}
