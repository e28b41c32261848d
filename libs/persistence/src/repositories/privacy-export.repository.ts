import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ProcessRow } from './candidate-request.repository';
import { queryRows } from './executor';

/** A process of a matched request as an access export shows it: its result and summary. */
export type ExportedProcess = Omit<ProcessRow, 'review'> & { summary: Record<string, unknown> | null };

/** A matched candidate request with everything stored of its candidate. */
export interface ExportedRequest {
  uuid: string;
  packageId: string;
  status: string;
  createdAt: number;
  candidate: Record<string, unknown>;
  /** The consent recorded at registration; null for requests registered before it was recorded. */
  consent: Record<string, unknown> | null;
  processes: ExportedProcess[];
}

const MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint::float8`;

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
    return queryRows<ExportedRequest>(
      this.dataSource,
      `SELECT r.id AS uuid, r.package_id AS "packageId", r.status, ${MS('r.created_at')} AS "createdAt",
              json_build_object('id', c.id, 'personType', c.person_type, 'name', c.name, 'lastName', c.last_name,
                'secondLastName', c.second_last_name, 'birthDate', c.birth_date, 'nationality', c.nationality,
                'gender', c.gender, 'rfc', c.rfc, 'curp', c.curp, 'consentNIP', c.consent_nip, 'regime', c.regime,
                'businessName', c.business_name, 'email', c.email, 'phone', c.phone) AS candidate,
              r.consent,
              coalesce((SELECT json_agg(json_build_object('id', p.id, 'processName', p.name, 'status', p.status,
                          'result', p.result, 'startDate', ${MS('p.start_date')}, 'endDate', ${MS('p.end_date')},
                          'summary', p.summary) ORDER BY p.position)
                          FROM request_process p WHERE p.request_id = r.id), '[]') AS processes
         FROM candidate_request r JOIN candidate c ON c.request_id = r.id
        WHERE r.client_id = $1 AND r.id = ANY($2::uuid[])
        ORDER BY r.created_at, r.id`,
      [clientId, requestIds],
    );
  }
}
