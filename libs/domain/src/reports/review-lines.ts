import { formatLocalDateTime } from '../calendar';
import { LEGAL_RECORDS_SOURCE } from '../monitoring/monitor';
import type { DecisionRecord, DisputeRecord, ProcessReview } from '../reviews/reviews';
import { openDisputes } from '../reviews/reviews';
import { sameFinding, type Finding } from '../reviews/findings';
import { SOURCE_TITLES } from '../watch-lists/sources';

/** A review as the report prints it: what was decided on which finding, by whom, when and why. */
export interface ReportedReview extends Omit<DecisionRecord, 'entryState'> {
  reason: string | null;
  reviewerEmail: string | null;
}

const DECIDED: Record<string, string> = { confirmed: 'confirmada', dismissed: 'descartada' };

/** "OFAC, lista SDN, registro 36125" or "Registros judiciales, persona 0b1c…". */
export function findingName(finding: Finding): string {
  if (finding.source === LEGAL_RECORDS_SOURCE) return `Registros judiciales, persona ${finding.entryId}`;
  const title = (SOURCE_TITLES as Record<string, string>)[finding.source] ?? finding.source;
  return `${title}, registro ${finding.entryId}`;
}

/** "Revisión: Aprobado (todos los hallazgos revisados)" and whether a finding is disputed. */
export function reviewFacts(
  review: ProcessReview | null | undefined,
): Array<{ label: string; value: string }> {
  if (!review) return [];
  const status = review.status === 'reviewed' ? 'todos los hallazgos revisados' : 'hallazgos por revisar';
  return [
    { label: 'Resultado revisado', value: `${review.reviewedResult} (${status})` },
    ...(review.disputed ? [{ label: 'Disputa', value: 'hallazgo en disputa' }] : []),
  ];
}

/**
 * One sentence per review of the process, oldest first: "Revisión de OFAC, lista SDN, registro
 * 36125: descartada por ana@acme.test el 28/11/2026 10:15. Motivo: homónimo."; then one per finding
 * still disputed: "…: en disputa por el candidato desde el …".
 */
export function reviewSentences(
  processId: string | null,
  reviews: readonly ReportedReview[],
  disputes: readonly DisputeRecord[],
  timeZone: string,
): string[] {
  const own = reviews.filter((r) => r.processId === processId);
  const decided = own.map((r) => {
    const who = r.reviewerEmail ?? 'una clave de API';
    const why = r.reason ? ` Motivo: ${r.reason.normalize('NFC')}` : '';
    return `Revisión de ${findingName(r.finding)}: ${DECIDED[r.decision] ?? r.decision} por ${who} el ${formatLocalDateTime(timeZone, r.at)}.${why}`;
  });
  const open = processId === null ? [] : openDisputes(processId, disputes, own);
  const disputed = disputes
    .filter((d) => d.processId === processId && open.some((f) => sameFinding(f, d.finding)))
    .map(
      (d) =>
        `${findingName(d.finding)}: en disputa por el candidato desde el ${formatLocalDateTime(timeZone, d.at)}.`,
    );
  return [...decided, ...disputed];
}
