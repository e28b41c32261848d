import { isCalendarDate } from '../calendar';
import { FieldViolation } from '../errors';
import { stringFieldViolations } from '../request-shape';
import { textCharacterViolations } from '../text-characters';
import { NATIONALITIES } from '../screening/catalog';
import { CURP, RFC } from '../screening/registration-rules';
import type { ScreeningSubject } from './comparison';
import { WATCH_LIST_SOURCES, WatchListSource } from './entry';

/** `POST /watch-lists/screenings` (docs/watch-lists.md): who to screen, against which lists. */
export interface ListScreeningBody {
  name?: unknown;
  lastName?: unknown;
  secondLastName?: unknown;
  businessName?: unknown;
  rfc?: unknown;
  curp?: unknown;
  birthDate?: unknown;
  nationality?: unknown;
  sources?: unknown;
  clientId?: unknown;
}

const TEXT_LIMITS = { name: 100, lastName: 100, secondLastName: 100, businessName: 200 } as const;

const trimmed = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * Every problem of a screening body that the body alone shows (unknown fields aside: the api's
 * validation refuses them beside these), listed together: a person's `name`
 * + `lastName`, or a `businessName`, or an identifier; not a person and a company at once; a
 * name's characters as for any name (no control characters, no emoji...); a
 * well-formed RFC and CURP; a birth date that is a real date; a nationality of the service's
 * countries; known sources, each once. (That the birth date is past needs today's date:
 * {@link birthDateViolations}.)
 */
export function validateListScreening(body: ListScreeningBody): FieldViolation[] {
  const violations: FieldViolation[] = stringFieldViolations(body, [
    'name',
    'lastName',
    'secondLastName',
    'businessName',
    'rfc',
    'curp',
    'birthDate',
    'nationality',
    'clientId',
  ]);
  const wrongType = new Set(violations.map((v) => v.field));
  // The one rule of a name's characters (text-characters.ts), on the value as sent.
  for (const field of Object.keys(TEXT_LIMITS) as Array<keyof typeof TEXT_LIMITS>)
    if (!wrongType.has(field)) violations.push(...textCharacterViolations(field, body[field], 'name'));
  const badCharacters = new Set(violations.map((v) => v.field));

  for (const [field, max] of Object.entries(TEXT_LIMITS)) {
    const value = body[field as keyof ListScreeningBody];
    if (badCharacters.has(field) || value === undefined || value === null) continue;
    if ((value as string).trim() === '')
      violations.push({
        field,
        message: `${field} must not be empty: omit the field when there is no value.`,
      });
    else if ([...(value as string).normalize('NFC')].length > max)
      violations.push({ field, message: `${field} must be at most ${max} characters.` });
  }

  const rfc = wrongType.has('rfc') ? undefined : trimmed(body.rfc)?.toUpperCase();
  const curp = wrongType.has('curp') ? undefined : trimmed(body.curp)?.toUpperCase();
  if (body.rfc !== undefined && body.rfc !== null && !wrongType.has('rfc') && !(rfc && RFC.test(rfc)))
    violations.push({
      field: 'rfc',
      message: 'rfc must be an RFC of 12 (company) or 13 (person) characters.',
    });
  if (body.curp !== undefined && body.curp !== null && !wrongType.has('curp') && !(curp && CURP.test(curp)))
    violations.push({ field: 'curp', message: 'curp must be a CURP of 18 characters.' });

  const name = trimmed(body.name);
  const lastName = trimmed(body.lastName);
  const businessName = trimmed(body.businessName);
  const person = name !== undefined || lastName !== undefined || trimmed(body.secondLastName) !== undefined;
  if (person && businessName !== undefined)
    violations.push({
      field: 'businessName',
      message: 'Screen a person (name, lastName) or a company (businessName), not both at once.',
    });
  else if (person && (name === undefined || lastName === undefined))
    violations.push({
      field: name === undefined ? 'name' : 'lastName',
      message: 'A person is screened by name and lastName (secondLastName when known).',
    });
  else if (!person && businessName === undefined && rfc === undefined && curp === undefined)
    violations.push({
      field: 'name',
      message: "Give a person's name and lastName, a businessName, or an rfc or curp to screen.",
    });

  if (typeof body.birthDate === 'string' && !isCalendarDate(body.birthDate))
    violations.push({ field: 'birthDate', message: 'birthDate must be a real date written YYYY-MM-DD.' });
  if (
    typeof body.nationality === 'string' &&
    !(NATIONALITIES as readonly string[]).includes(body.nationality)
  )
    violations.push({
      field: 'nationality',
      message: `nationality must be one of ${NATIONALITIES.join(', ')}.`,
    });
  violations.push(...sourcesViolations(body.sources));
  return violations;
}

/** A birth date is any real past date: no age rule applies, anyone may be screened. */
export function birthDateViolations(body: ListScreeningBody, today: string): FieldViolation[] {
  return typeof body.birthDate === 'string' && isCalendarDate(body.birthDate) && body.birthDate > today
    ? [{ field: 'birthDate', message: 'birthDate must not be in the future.' }]
    : [];
}

function sourcesViolations(sources: unknown): FieldViolation[] {
  if (sources === undefined || sources === null) return [];
  const message = `sources must be a non-empty list of ${WATCH_LIST_SOURCES.join(', ')}, each once.`;
  if (!Array.isArray(sources) || sources.length === 0) return [{ field: 'sources', message }];
  const unknown = sources.findIndex((s) => !(WATCH_LIST_SOURCES as readonly unknown[]).includes(s));
  if (unknown >= 0) return [{ field: `sources[${unknown}]`, message }];
  if (new Set(sources).size !== sources.length) return [{ field: 'sources', message }];
  return [];
}

/** The lists to read: the ones asked for, else all of them, in the catalogue's order. */
export function screeningSources(body: ListScreeningBody): WatchListSource[] {
  const asked = Array.isArray(body.sources) ? (body.sources as WatchListSource[]) : WATCH_LIST_SOURCES;
  return WATCH_LIST_SOURCES.filter((source) => asked.includes(source));
}

/**
 * Who a valid screening body names: a company by its business name (or a 12-character RFC
 * alone), else a person.
 */
export function subjectOfScreening(body: ListScreeningBody): ScreeningSubject {
  const rfc = trimmed(body.rfc)?.toUpperCase() ?? null;
  const curp = trimmed(body.curp)?.toUpperCase() ?? null;
  const businessName = trimmed(body.businessName) ?? null;
  const name = trimmed(body.name) ?? null;
  const entity = businessName !== null || (name === null && curp === null && rfc?.length === 12);
  const common = { rfc, curp, nationality: trimmed(body.nationality) ?? null };
  if (entity) return { kind: 'entity', businessName, ...common };
  return {
    kind: 'person',
    name,
    lastName: trimmed(body.lastName) ?? null,
    secondLastName: trimmed(body.secondLastName) ?? null,
    birthDate: trimmed(body.birthDate) ?? null,
    ...common,
  };
}
