import { Injectable } from '@nestjs/common';
import type { CandidateReportInput } from '@app/domain';
import { DataSource } from 'typeorm';
import { PROCESS_JSON } from './candidate-request.repository';

/** What a candidate request's report says, read in one statement for the caller's clients. */
@Injectable()
export class CandidateReportRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Null for an unknown or suppressed request; `blocked` ones answer 410 (docs/privacy.md). */
  async findReportInput(
    requestId: string,
    clientIds: string[],
  ): Promise<(CandidateReportInput & { blocked: boolean }) | null> {
    const rows: Array<CandidateReportInput & { createdAt: string; blocked: boolean }> =
      await this.dataSource.query(
        `SELECT r.id AS "requestId", r.client_id AS "clientId", cl.name AS "clientName",
              r.package_id AS "packageId", pk.name AS "packageName", r.person_type AS "personType",
              (extract(epoch FROM r.created_at) * 1000)::bigint AS "createdAt",
              json_build_object('name', c.name, 'lastName', c.last_name, 'secondLastName', c.second_last_name,
                                'businessName', c.business_name, 'rfc', c.rfc, 'curp', c.curp) AS candidate,
              r.consent,
              (SELECT jsonb_agg((${PROCESS_JSON})::jsonb
                                || jsonb_build_object('summary', p.summary, 'dependsOn', p.depends_on)
                                ORDER BY p.position)
                 FROM request_process p WHERE p.request_id = r.id) AS processes,
              (SELECT json_agg(json_build_object(
                        'finding', json_build_object('source', v.source, 'entryId', v.entry_id),
                        'decision', v.decision, 'reason', v.reason, 'reviewerEmail', v.reviewer_email,
                        'processId', v.process_id, 'processGeneration', v.process_generation,
                        'at', (extract(epoch FROM v.created_at) * 1000)::bigint) ORDER BY v.seq)
                 FROM finding_review v WHERE v.request_id = r.id) AS reviews,
              (SELECT json_agg(json_build_object(
                        'finding', json_build_object('source', d.source, 'entryId', d.entry_id),
                        'processId', d.process_id, 'at', (extract(epoch FROM d.created_at) * 1000)::bigint)
                        ORDER BY d.seq)
                 FROM finding_dispute d WHERE d.request_id = r.id) AS disputes,
              r.confirmed_alert_result AS "confirmedAlertResult",
              r.blocked_at IS NOT NULL AS blocked
         FROM candidate_request r
         JOIN candidate c ON c.request_id = r.id
         JOIN client cl ON cl.id = r.client_id
         JOIN package pk ON pk.id = r.package_id
        WHERE r.id = $1 AND r.client_id = ANY($2) AND r.suppressed_at IS NULL`,
        [requestId, clientIds],
      );
    const row = rows[0];
    return row
      ? {
          ...row,
          createdAt: Number(row.createdAt),
          processes: row.processes ?? [],
          reviews: row.reviews ?? [],
          disputes: row.disputes ?? [],
        }
      : null;
  }
}
