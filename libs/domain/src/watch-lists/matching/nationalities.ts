import { foldText } from './folding';

/**
 * One spelling per country, so that a candidate's `DOM`, an OFAC `nationality Dominican Republic`
 * and a UN `República Dominicana` compare equal. Readers give ISO 3166-1 alpha-2 where they can;
 * the candidate gives alpha-2 (`MX`) or alpha-3 (`DOM`, `GTM`, `HND`, `JAM`, `PAN`). Countries not
 * listed here compare by their folded text.
 */
const COUNTRIES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['MX', ['MEX', 'MEXICO', 'MEXICAN', 'MEXICANA', 'MEXICANO', 'ESTADOS UNIDOS MEXICANOS']],
  ['DO', ['DOM', 'DOMINICAN REPUBLIC', 'REPUBLICA DOMINICANA', 'DOMINICAN', 'DOMINICANA']],
  ['GT', ['GTM', 'GUATEMALA', 'GUATEMALAN', 'GUATEMALTECA', 'GUATEMALTECO']],
  ['HN', ['HND', 'HONDURAS', 'HONDURAN', 'HONDURENA', 'HONDURENO']],
  ['JM', ['JAM', 'JAMAICA', 'JAMAICAN']],
  ['PA', ['PAN', 'PANAMA', 'PANAMANIAN', 'PANAMENA', 'PANAMENO']],
  ['SV', ['SLV', 'EL SALVADOR', 'SALVADORAN']],
  ['NI', ['NIC', 'NICARAGUA']],
  ['CR', ['CRI', 'COSTA RICA']],
  ['CU', ['CUB', 'CUBA']],
  ['CO', ['COL', 'COLOMBIA', 'COLOMBIAN']],
  ['VE', ['VEN', 'VENEZUELA', 'VENEZUELAN']],
  ['EC', ['ECU', 'ECUADOR']],
  ['PE', ['PER', 'PERU']],
  ['BO', ['BOL', 'BOLIVIA']],
  ['AR', ['ARG', 'ARGENTINA']],
  ['CL', ['CHL', 'CHILE']],
  ['ES', ['ESP', 'SPAIN', 'ESPANA']],
  ['US', ['USA', 'UNITED STATES', 'ESTADOS UNIDOS', 'UNITED STATES OF AMERICA']],
  ['CA', ['CAN', 'CANADA']],
  ['CN', ['CHN', 'CHINA']],
  ['RU', ['RUS', 'RUSSIA', 'RUSSIAN FEDERATION']],
  ['IR', ['IRN', 'IRAN']],
  ['IQ', ['IRQ', 'IRAQ']],
  ['SY', ['SYR', 'SYRIA', 'SYRIAN ARAB REPUBLIC']],
  ['AF', ['AFG', 'AFGHANISTAN']],
  ['PK', ['PAK', 'PAKISTAN']],
  ['LB', ['LBN', 'LEBANON']],
  ['KP', ['PRK', 'NORTH KOREA', 'DEMOCRATIC PEOPLE S REPUBLIC OF KOREA']],
  ['YE', ['YEM', 'YEMEN']],
  ['SO', ['SOM', 'SOMALIA']],
  ['LY', ['LBY', 'LIBYA']],
];

const BY_SPELLING: ReadonlyMap<string, string> = new Map(
  COUNTRIES.flatMap(([code, spellings]) => [code, ...spellings].map((spelling) => [spelling, code] as const)),
);

/** The country's code where it is known, else its folded text; null for an empty value. */
export function normalizeNationality(value: string | null | undefined): string | null {
  const folded = value ? foldText(value) : '';
  if (!folded) return null;
  return BY_SPELLING.get(folded) ?? folded;
}

/** The distinct normalised nationalities of a list. */
export function normalizeNationalities(values: readonly (string | null | undefined)[]): string[] {
  const found = new Set<string>();
  for (const value of values) {
    const code = normalizeNationality(value);
    if (code) found.add(code);
  }
  return [...found];
}
