import { stdSerializers } from 'pino';

/** What a database error may say in a log: where it happened, never which values were involved. */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'table', 'column', 'constraint', 'routine', 'query'];

/** The quoted parts of a message: PostgreSQL quotes the input it refused there (`for type uuid: "…"`). */
const QUOTED = /"[^"]*"|'[^']*'/g;

/**
 * pino's `err` serializer, made safe for database errors. TypeORM's `QueryFailedError` and pg's
 * `DatabaseError` carry the statement's parameters, a `detail` such as `Failing row contains (…)`
 * and messages that quote the refused input: candidate names, RFCs and searched names would reach
 * the log. Of those only the type, the sanitised message and stack, and the fields that say where
 * it failed are kept. Other errors are serialized as pino does. pino-http hands this serializer
 * the already serialized (plain) error, nestjs-pino sometimes the error itself: both are read.
 */
export function serializeErrorSafely(error: unknown): unknown {
  const serialized = (error instanceof Error ? stdSerializers.err(error) : error) as Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object' || !isDatabaseError(serialized)) return serialized;
  const safe: Record<string, unknown> = {
    type: serialized.type,
    message: redactQuoted(String(serialized.message ?? '')),
  };
  if (typeof serialized.stack === 'string') safe.stack = redactQuoted(serialized.stack);
  for (const field of DATABASE_ERROR_FIELDS)
    if (serialized[field] !== undefined) safe[field] = serialized[field];
  return safe;
}

function isDatabaseError(fields: Record<string, unknown>): boolean {
  return (
    'driverError' in fields ||
    'parameters' in fields ||
    (typeof fields.severity === 'string' && typeof fields.code === 'string')
  );
}

function redactQuoted(text: string): string {
  return text.replace(QUOTED, '"[redacted]"');
}
