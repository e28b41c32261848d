import type { ListedName, PartialDate } from '../entry';
import { nationalityOf } from './countries';
import { isoPartialDate, yearsBetween } from './dates';
import { mexicanIdentifiers } from './identifiers';
import type { EntryReading } from './reading';
import { collapseSpaces, distinct } from './text';

/**
 * The UN Security Council consolidated list (`consolidated.xml`, docs/watch-lists.md). The reader hands
 * each `INDIVIDUAL` or `ENTITY` element over as plain data: an element with text is its text, one
 * with children an object of them, a child that repeats an array.
 */
export type XmlValue = string | XmlElement | XmlValue[];
export interface XmlElement {
  [child: string]: XmlValue;
}

export type UnRecordKind = 'INDIVIDUAL' | 'ENTITY';

/** The values of a child, repeated or not, as a list. */
function all(value: XmlValue | undefined): XmlValue[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The trimmed text of a child (the first one where it repeats); empty when it has none. */
function text(element: XmlElement, child: string): string {
  const value = all(element[child])[0];
  return typeof value === 'string' ? collapseSpaces(value) : '';
}

/** The elements of a child, repeated or not (an empty `<INDIVIDUAL_DOCUMENT/>` gives none). */
function elements(element: XmlElement, child: string): XmlElement[] {
  return all(element[child]).filter(
    (value): value is XmlElement => typeof value === 'object' && !Array.isArray(value),
  );
}

/** `<NATIONALITY><VALUE>..</VALUE>...</NATIONALITY>`: the texts of the VALUEs. */
function values(element: XmlElement, child: string): string[] {
  return elements(element, child)
    .flatMap((container) => all(container.VALUE))
    .filter((value): value is string => typeof value === 'string')
    .map(collapseSpaces)
    .filter(Boolean);
}

/** `Good` and `a.k.a.` are strong aliases, `Low` weak; `f.k.a.` (a former name) is strong too. */
function aliasQuality(quality: string): 'strong' | 'weak' {
  return quality.toLowerCase() === 'low' ? 'weak' : 'strong';
}

/** An `INDIVIDUAL_DATE_OF_BIRTH`: `DATE`, `YEAR`, or `FROM_YEAR` .. `TO_YEAR` (`TYPE_OF_DATE` BETWEEN). */
function birthDates(dob: XmlElement): PartialDate[] {
  const date = isoPartialDate(text(dob, 'DATE'));
  if (date) return [date];
  const year = isoPartialDate(text(dob, 'YEAR'));
  if (year) return [year];
  const [from, to] = [text(dob, 'FROM_YEAR'), text(dob, 'TO_YEAR')];
  return /^\d{4}$/.test(from) && /^\d{4}$/.test(to) ? yearsBetween(from, to) : [];
}

const NAME_PARTS = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'] as const;

/**
 * The entry of one `INDIVIDUAL` or `ENTITY`: an individual's `FIRST_NAME` .. `FOURTH_NAME` as
 * `parts`, an entity's name in `FIRST_NAME`; aliases (an `ALIAS_NAME` may hold several, `; `
 * between them); dates of birth; nationalities; documents whose number has an RFC's or a CURP's
 * shape. `listStatus` is `UN_LIST_TYPE`.
 */
export function unEntry(kind: UnRecordKind, element: XmlElement): EntryReading {
  const dataId = text(element, 'DATAID');
  if (!dataId) return { rejected: `${kind} without DATAID` };
  const person = kind === 'INDIVIDUAL';
  const parts = NAME_PARTS.map((part) => text(element, part)).filter(Boolean);
  if (parts.length === 0) return { rejected: `${kind} ${dataId} without FIRST_NAME` };
  const names: ListedName[] = [
    person
      ? { text: parts.join(' '), order: 'parts', parts, alias: false }
      : { text: parts.join(' '), order: 'entity', alias: false },
  ];
  for (const alias of elements(element, person ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) {
    const quality = aliasQuality(text(alias, 'QUALITY'));
    for (const name of text(alias, 'ALIAS_NAME').split(';').map(collapseSpaces).filter(Boolean))
      names.push({ text: name, order: person ? 'given-first' : 'entity', alias: true, quality });
  }
  const documents = elements(element, 'INDIVIDUAL_DOCUMENT').map((doc) => text(doc, 'NUMBER'));
  const { rfcs, curps } = mexicanIdentifiers(documents.filter(Boolean));
  const gender = text(element, 'GENDER').toLowerCase();
  return {
    entry: {
      source: 'un-consolidated',
      key: dataId,
      kind: person ? 'person' : 'entity',
      names,
      rfcs,
      curps,
      birthDates: distinct(elements(element, 'INDIVIDUAL_DATE_OF_BIRTH').flatMap(birthDates)),
      nationalities: distinct(
        values(element, 'NATIONALITY')
          .map(nationalityOf)
          .filter((code): code is string => code !== null),
      ),
      gender: gender === 'male' ? 'H' : gender === 'female' ? 'M' : null,
      listStatus: text(element, 'UN_LIST_TYPE'),
      redacted: false,
      raw: element,
    },
  };
}
