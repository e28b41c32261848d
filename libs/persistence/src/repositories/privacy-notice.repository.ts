import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { scalar } from './hot-sql';
import { col, json, readStatement, type RowOf } from './read-sql';

/** A notice as the api shows it; createdAt in epoch milliseconds (with their fraction). */
const NOTICE_FIELDS = {
  id: col('uuid', 'id'),
  version: col('text', 'version'),
  url: col('text', 'url'),
  purposes: json<Array<{ name: string; kind: string }>>('purposes'),
  createdAt: col('float8', '(extract(epoch FROM created_at) * 1000)::float8'),
};
export type PrivacyNoticeView = RowOf<typeof NOTICE_FIELDS>;

/** A new notice; no row when the client has one of that version already. */
export const INSERT_NOTICE = readStatement(
  'privacy-notice-insert',
  {
    clientId: scalar('text'),
    version: scalar('text'),
    url: scalar('text'),
    purposes: scalar('jsonb'),
    createdBy: scalar('text'),
  },
  NOTICE_FIELDS,
  (q, select) => `INSERT INTO privacy_notice (client_id, version, url, purposes, created_by)
VALUES (${q.clientId}, ${q.version}, ${q.url}, ${q.purposes}, ${q.createdBy})
ON CONFLICT (client_id, version) DO NOTHING RETURNING ${select}`,
);

/** A client's notices, newest first. */
export const READ_NOTICES = readStatement(
  'privacy-notice-list',
  { clientId: scalar('text') },
  NOTICE_FIELDS,
  (q, select) => `SELECT ${select} FROM privacy_notice WHERE client_id = ${q.clientId} ORDER BY seq DESC`,
);

/** Every version a client has published, newest first. */
export const READ_NOTICE_VERSIONS = readStatement(
  'privacy-notice-versions',
  { clientId: scalar('text') },
  { version: NOTICE_FIELDS.version },
  (q, select) => `SELECT ${select} FROM privacy_notice WHERE client_id = ${q.clientId} ORDER BY seq DESC`,
);

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
    const [row] = await INSERT_NOTICE.query(this.dataSource, notice);
    return row ?? null;
  }

  /** Newest first. */
  list(clientId: string): Promise<PrivacyNoticeView[]> {
    return READ_NOTICES.query(this.dataSource, { clientId });
  }

  /** Every version the client has published, newest first (what registrations may cite). */
  async versions(clientId: string): Promise<string[]> {
    const rows = await READ_NOTICE_VERSIONS.query(this.dataSource, { clientId });
    return rows.map((row) => row.version);
  }
}
