import { Injectable } from '@nestjs/common';
import type { CandidateReportInput, FinalResult, ReviewDecision } from '@app/domain';
import { DataSource } from 'typeorm';
import { candidateFields } from './candidate-columns';
import { PROCESS_FIELDS } from './candidate-request.repository';
import { scalar } from './hot-sql';
import { col, epochMs, json, jsonArray, jsonObject, readStatement } from './read-sql';

/** A finding of a review or a dispute (docs/reviews.md). */
const findingOf = (alias: string) =>
  jsonObject({ source: col('text', `${alias}.source`), entryId: col('text', `${alias}.entry_id`) });

/** What a report prints of its candidate: the names and the identifiers (RFC, CURP). */
const REPORT_CANDIDATE = {
  personType: false,
  name: true,
  lastName: true,
  secondLastName: true,
  birthDate: false,
  nationality: false,
  gender: false,
  rfc: true,
  curp: true,
  consentNIP: false,
  regime: false,
  businessName: true,
  email: false,
  phone: false,
} as const;

/** A candidate request's report, in one statement; null for an unknown or suppressed request. */
export const READ_REPORT_INPUT = readStatement(
  'candidate-report-input',
  { requestId: scalar('uuid'), clientIds: scalar('text[]') },
  {
    requestId: col('uuid', 'r.id'),
    clientId: col('text', 'r.client_id'),
    clientName: col('text', 'cl.name'),
    packageId: col('text', 'r.package_id'),
    packageName: col('text', 'pk.name'),
    personType: col('text', 'r.person_type'),
    createdAt: epochMs('r.created_at'),
    candidate: jsonObject(candidateFields('c', REPORT_CANDIDATE)),
    consent: json<CandidateReportInput['consent']>('r.consent'),
    processes: jsonArray(
      {
        ...PROCESS_FIELDS,
        summary: json<unknown>('p.summary'),
        dependsOn: col('text', 'p.depends_on').orNull(),
      },
      'request_process p WHERE p.request_id = r.id',
      'p.position',
      'jsonb',
    ),
    reviews: jsonArray(
      {
        finding: findingOf('v'),
        decision: col('text', 'v.decision').as<ReviewDecision>(),
        reason: col('text', 'v.reason').orNull(),
        reviewerEmail: col('text', 'v.reviewer_email').orNull(),
        processId: col('uuid', 'v.process_id').orNull(),
        processGeneration: col('int', 'v.process_generation').orNull(),
        at: epochMs('v.created_at'),
      },
      'finding_review v WHERE v.request_id = r.id',
      'v.seq',
    ),
    disputes: jsonArray(
      {
        finding: findingOf('d'),
        processId: col('uuid', 'd.process_id'),
        at: epochMs('d.created_at'),
      },
      'finding_dispute d WHERE d.request_id = r.id',
      'd.seq',
    ),
    confirmedAlertResult: col('text', 'r.confirmed_alert_result').orNull().as<FinalResult | null>(),
    /** A blocked request's report answers 410 (docs/privacy.md). */
    blocked: col('bool', 'r.blocked_at IS NOT NULL'),
  },
  (q, select) => `SELECT ${select}
  FROM candidate_request r
  JOIN candidate c ON c.request_id = r.id
  JOIN client cl ON cl.id = r.client_id
  JOIN package pk ON pk.id = r.package_id
 WHERE r.id = ${q.requestId} AND r.client_id = ANY(${q.clientIds}) AND r.suppressed_at IS NULL`,
);

/** What a candidate request's report says, read in one statement for the caller's clients. */
@Injectable()
export class CandidateReportRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Null for an unknown or suppressed request; `blocked` ones answer 410 (docs/privacy.md). */
  async findReportInput(
    requestId: string,
    clientIds: string[],
  ): Promise<(CandidateReportInput & { blocked: boolean }) | null> {
    const [row] = await READ_REPORT_INPUT.query(this.dataSource, { requestId, clientIds });
    return row ?? null;
  }
}
