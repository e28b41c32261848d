import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { candidateFields, EVERY_CANDIDATE_FIELD } from './candidate-columns';
import { PROCESS_FIELDS } from './candidate-request.repository';
import { scalar } from './hot-sql';
import { col, epochMs, json, jsonArray, jsonObject, readStatement, type RowOf } from './read-sql';

const { review: _review, ...EXPORTED_PROCESS_FIELDS } = PROCESS_FIELDS;

/**
 * A matched request with everything stored of its candidate (every field of the candidate map),
 * its consent (null for requests registered before it was recorded) and its processes' results
 * and summaries, oldest first (docs/privacy.md, "ARCO requests").
 */
export const READ_EXPORTED_REQUESTS = readStatement(
  'privacy-export-requests',
  { clientId: scalar('text'), requestIds: scalar('uuid[]') },
  {
    uuid: col('uuid', 'r.id'),
    packageId: col('text', 'r.package_id'),
    status: col('text', 'r.status'),
    createdAt: epochMs('r.created_at'),
    candidate: jsonObject({ id: col('uuid', 'c.id'), ...candidateFields('c', EVERY_CANDIDATE_FIELD) }),
    consent: json<Record<string, unknown> | null>('r.consent'),
    processes: jsonArray(
      { ...EXPORTED_PROCESS_FIELDS, summary: json<Record<string, unknown> | null>('p.summary') },
      'request_process p WHERE p.request_id = r.id',
      'p.position',
    ),
  },
  (q, select) => `SELECT ${select}
  FROM candidate_request r JOIN candidate c ON c.request_id = r.id
 WHERE r.client_id = ${q.clientId} AND r.id = ANY(${q.requestIds})
 ORDER BY r.created_at, r.id`,
);

/** A matched candidate request with everything stored of its candidate. */
export type ExportedRequest = RowOf<typeof READ_EXPORTED_REQUESTS.fields>;
/** A process of a matched request as an access export shows it: its result and summary. */
export type ExportedProcess = ExportedRequest['processes'][number];

/**
 * The reads of an ARCO access export (docs/privacy.md, "ARCO requests") that no other repository
 * makes: a matched request with its whole candidate, its consent and its processes' results.
 */
@Injectable()
export class PrivacyExportRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** These requests of the client, oldest first. */
  requests(clientId: string, requestIds: readonly string[]): Promise<ExportedRequest[]> {
    if (requestIds.length === 0) return Promise.resolve([]);
    return READ_EXPORTED_REQUESTS.query(this.dataSource, { clientId, requestIds });
  }
}
