/** The quality a client gives a media type in `Accept` (0 when it does not list it or a range covering it). */
function qualityOf(accept: string, type: string, ranges: readonly string[]): number {
  let best = 0;
  for (const part of accept.split(',')) {
    const [range, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (range !== type && !ranges.includes(range)) continue;
    const qParameter = params.find((p) => p.startsWith('q='));
    const quality = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    if (Number.isFinite(quality)) best = Math.max(best, quality);
  }
  return best;
}

/**
 * Whether to answer CSV rather than JSON: the client must name `text/csv` and prefer it to
 * `application/json`. JSON stays the answer for no `Accept`, `*\/*` alone, or a tie.
 */
export function prefersCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const csv = qualityOf(accept, 'text/csv', []);
  const json = qualityOf(accept, 'application/json', ['application/*']);
  return csv > 0 && csv > json;
}
