/**
 * What a watch list says of one listed party (docs/watch-lists.md), whatever its publisher's format. The
 * readers of libs/adapters turn a publisher's files into these; the matcher (matching/) compares
 * a candidate with them; persistence stores them as imported. Plain data: no behaviour here.
 */

/** The sources of docs/watch-lists.md, in the order the API lists them. */
export const WATCH_LIST_SOURCES = ['sat-69b', 'sat-69', 'ofac-sdn', 'un-consolidated', 'peps'] as const;
export type WatchListSource = (typeof WATCH_LIST_SOURCES)[number];

/** Sanctions lists: a `match` on one of them is `Riesgo Alto` (docs/watch-list-matching.md). */
export const SANCTIONS_SOURCES: readonly WatchListSource[] = ['ofac-sdn', 'un-consolidated'];

/**
 * Who is listed: a natural person (persona física), an entity (persona moral, company,
 * organisation), or a party the publisher does not say (an SAT row without `TIPO PERSONA`: the
 * RFC's length then tells, 13 física and 12 moral).
 */
export type PartyKind = 'person' | 'entity' | 'unknown';

/**
 * One way the publisher writes the party's name: the primary name or an alias. `text` is the name
 * exactly as published (shown to clients as `listedName`); the other fields carry the structure the
 * publisher gave, so the matcher can split it into given names and surnames where it can.
 */
export interface ListedName {
  /** As published, e.g. `AISPURO MORENO, Oscar`, `Zúñiga de la Garza`, `GARCIA LOPEZ JUAN`. */
  text: string;
  /**
   * How `text` is ordered:
   * - `given-first`: given names then surnames (`Juan García López`; FtM `name`, UN aliases);
   * - `surnames-first`: surnames then given names, without a separator (SAT `PATERNO MATERNO NOMBRE`);
   * - `surnames-comma-given`: OFAC's `SURNAMES, Given names`;
   * - `parts`: the publisher gave the parts in `parts` (UN `FIRST_NAME` .. `FOURTH_NAME`);
   * - `entity`: the name of a company or organisation (no name parts);
   * - `unknown`: no order can be told; the matcher tries the orders it knows.
   */
  order: 'given-first' | 'surnames-first' | 'surnames-comma-given' | 'parts' | 'entity' | 'unknown';
  /** Given names as the publisher separated them (FtM `firstName`, OFAC after the comma). */
  given?: string;
  /** Surnames as the publisher separated them, possibly both joined (FtM `lastName`, OFAC before the comma). */
  surnames?: string;
  /** UN `FIRST_NAME`, `SECOND_NAME`, `THIRD_NAME`, `FOURTH_NAME` in order, empty ones left out. */
  parts?: string[];
  /** An alias (a.k.a.) rather than the primary name. */
  alias: boolean;
  /** The publisher's judgement of an alias where it gives one (OFAC `a.k.a.`/`f.k.a.`, UN `Good`/`Low`). */
  quality?: 'strong' | 'weak';
}

/**
 * A date of birth as published: a full date, a year and month, or only a year (UN `YEAR`, OFAC
 * `DOB 1968`, `circa 1970` kept as the year). ISO forms: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`.
 */
export type PartialDate = string;

/** One listed party after grouping its rows (one RFC of several Art. 69 rows is one entry). */
export interface WatchListEntry {
  source: WatchListSource;
  /** The source's own key as a string (docs/watch-list-matching.md `entryId`): RFC, `ent_num`, `DATAID`, FtM `id`. */
  key: string;
  kind: PartyKind;
  /** The primary name first, then the aliases. */
  names: ListedName[];
  /**
   * RFCs, upper case, without hyphens or spaces (`AIMO6811069F7`); a persona física's RFC written
   * without its homoclave (OFAC's `R.F.C. AUAM-530929`) is kept as its 10-character stem.
   */
  rfcs: string[];
  /** CURPs, upper case, without hyphens or spaces. */
  curps: string[];
  birthDates: PartialDate[];
  /** ISO 3166-1 alpha-2 codes where the publisher's country can be read (`MX`), else as published. */
  nationalities: string[];
  /** `H` man, `M` woman (the candidate's codes), where the publisher says. */
  gender: 'H' | 'M' | null;
  /**
   * docs/watch-list-matching.md `listStatus`: the 69-B situación (`Definitivo`), the Art. 69 supuestos (`Firmes;
   * No localizados`), the OFAC programs (`SDNTK; ILLICIT-DRUGS-EO14059`), the UN list type (`Al-Qaida`),
   * the PEP positions.
   */
  listStatus: string;
  /** The publisher blanked the party out (SAT RFC `XXXXXXXXXXXX`): counted, never matched. */
  redacted: boolean;
  /**
   * The person died (an FtM `deathDate`): still screened, but every match says so and a PEP match
   * weighs less. Absent means false.
   */
  deceased?: boolean;
  /** The entry as imported (every cell of every row, keyed as published): `rawDetails` shows it. */
  raw: Record<string, unknown>;
}

/** A row the reader could not read (docs/watch-lists.md `rejected`). */
export interface RejectedRow {
  /** 1-based line of the file where the row starts (the element's line for XML). */
  line: number;
  file: string;
  reason: string;
}
