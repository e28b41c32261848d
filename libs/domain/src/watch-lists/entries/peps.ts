import type { ListedName, PartialDate } from '../entry';
import { nationalityOf } from './countries';
import { isoPartialDate } from './dates';
import { mexicanIdentifiers } from './identifiers';
import type { EntryReading } from './reading';
import { collapseSpaces, distinct } from './text';

/**
 * A FollowTheMoney entity as OpenSanctions exports it, one per line (docs/watch-lists.md): `{ id, schema,
 * properties: { name: [...], ... } }`. Only `Person` is screened; the export's other schemas
 * (`Position`, `Occupancy`, `Organization`, ...) are skipped.
 */

type Properties = Record<string, unknown>;

/** The strings of a property (FtM properties are lists of strings), spacing collapsed. */
function strings(properties: Properties, name: string): string[] {
  const value = properties[name];
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return distinct(
    list
      .filter((item): item is string => typeof item === 'string')
      .map(collapseSpaces)
      .filter(Boolean),
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The primary name: the given names and the surnames where the publisher separates them (FtM
 * `firstName` with `secondName`/`middleName`; `lastName`, which may hold both surnames,
 * `Zúñiga de la Garza`, or `fatherName` and `motherName`), shown as the `name` it wrote. Several
 * values of one property are spellings of it, not parts: the first is taken. Other `name`s and the
 * `alias`es follow as strong aliases, `weakAlias`es as weak ones.
 */
function pepNames(properties: Properties): ListedName[] {
  const first = (property: string) => strings(properties, property)[0];
  const given = [first('firstName'), first('secondName'), first('middleName')].filter(Boolean).join(' ');
  const surnames = first('lastName') ?? [first('fatherName'), first('motherName')].filter(Boolean).join(' ');
  const full = strings(properties, 'name');
  const names: ListedName[] = [];
  if (given && surnames)
    names.push({
      text: full[0] ?? `${given} ${surnames}`,
      order: 'given-first',
      given,
      surnames,
      alias: false,
    });
  else if (full.length > 0) names.push({ text: full[0], order: 'given-first', alias: false });
  const primary = names[0]?.text;
  const strong = [...full, ...strings(properties, 'alias')].filter((name) => name !== primary);
  for (const name of distinct(strong))
    names.push({ text: name, order: 'given-first', alias: true, quality: 'strong' });
  for (const name of strings(properties, 'weakAlias'))
    names.push({ text: name, order: 'given-first', alias: true, quality: 'weak' });
  return names;
}

/** What a deceased PEP's `listStatus` adds to the positions. */
export const DECEASED_STATUS = 'fallecido';

/**
 * One line's JSON, read as a PEP: a `Person` gives an entry, another schema is skipped. A person
 * with a `deathDate` is still an entry (`deceased`, `listStatus` ending `fallecido`).
 */
export function pepEntry(value: unknown): EntryReading {
  if (!isObject(value) || typeof value.schema !== 'string')
    return { rejected: 'not a FollowTheMoney entity (no "schema")' };
  if (value.schema !== 'Person') return { skipped: value.schema };
  if (typeof value.id !== 'string' || !value.id) return { rejected: 'Person without "id"' };
  const properties = isObject(value.properties) ? value.properties : {};
  const names = pepNames(properties);
  if (names.length === 0) return { rejected: `Person ${value.id} without a name` };
  const { rfcs, curps } = mexicanIdentifiers([
    ...strings(properties, 'taxNumber'),
    ...strings(properties, 'idNumber'),
  ]);
  const genders = strings(properties, 'gender').map((g) => g.toLowerCase());
  // Any death date, even one that is not a readable date, says the person died.
  const deceased = strings(properties, 'deathDate').length > 0;
  const positions = strings(properties, 'position').join('; ');
  return {
    entry: {
      source: 'peps',
      key: value.id,
      kind: 'person',
      names,
      rfcs,
      curps,
      birthDates: distinct(
        strings(properties, 'birthDate')
          .map(isoPartialDate)
          .filter((date): date is PartialDate => date !== null),
      ),
      nationalities: distinct(
        [...strings(properties, 'nationality'), ...strings(properties, 'citizenship')]
          .map(nationalityOf)
          .filter((code): code is string => code !== null),
      ),
      gender: genders.includes('male') ? 'H' : genders.includes('female') ? 'M' : null,
      listStatus: deceased ? (positions ? `${positions}; ${DECEASED_STATUS}` : DECEASED_STATUS) : positions,
      redacted: false,
      ...(deceased ? { deceased } : {}),
      raw: value,
    },
  };
}
