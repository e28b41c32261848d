/**
 * Country names as the publishers write them (`Mexico`, `MÉXICO`, `United States`), in ISO 3166-1
 * alpha-2 (`MX`). A small table: the countries of the candidates (docs/behaviour.md) and those that
 * appear beside Mexican entries on the lists; a name it does not know is kept as published.
 */
const BY_NAME: Record<string, string> = {
  mexico: 'MX',
  'estados unidos mexicanos': 'MX',
  guatemala: 'GT',
  honduras: 'HN',
  panama: 'PA',
  'dominican republic': 'DO',
  'republica dominicana': 'DO',
  jamaica: 'JM',
  colombia: 'CO',
  'united states': 'US',
  'united states of america': 'US',
  'estados unidos': 'US',
  'estados unidos de america': 'US',
  venezuela: 'VE',
  'venezuela (bolivarian republic of)': 'VE',
  'bolivarian republic of venezuela': 'VE',
  spain: 'ES',
  espana: 'ES',
  'el salvador': 'SV',
  nicaragua: 'NI',
  'costa rica': 'CR',
  belize: 'BZ',
  belice: 'BZ',
  ecuador: 'EC',
  peru: 'PE',
  cuba: 'CU',
  canada: 'CA',
  argentina: 'AR',
  chile: 'CL',
  brazil: 'BR',
  brasil: 'BR',
  china: 'CN',
  russia: 'RU',
  'russian federation': 'RU',
  iran: 'IR',
  'iran (islamic republic of)': 'IR',
  iraq: 'IQ',
  afghanistan: 'AF',
  'democratic republic of the congo': 'CD',
  "democratic people's republic of korea": 'KP',
};

/** The alpha-3 codes of the candidates' nationalities (docs/behaviour.md) and a few neighbours. */
const BY_ALPHA3: Record<string, string> = {
  MEX: 'MX',
  DOM: 'DO',
  GTM: 'GT',
  HND: 'HN',
  JAM: 'JM',
  PAN: 'PA',
  COL: 'CO',
  USA: 'US',
  VEN: 'VE',
  ESP: 'ES',
};

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The alpha-2 code of a country as published: a name the table knows, an alpha-2 code (FtM
 * writes `mx`) or one of the alpha-3 codes above; null for anything else.
 */
export function countryCode(value: string): string | null {
  const text = value.trim().replace(/\.$/, '');
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  if (/^[A-Z]{3}$/.test(text) && BY_ALPHA3[text]) return BY_ALPHA3[text];
  return BY_NAME[fold(text)] ?? null;
}

/** A nationality as `WatchListEntry.nationalities` keeps it: the code where known, else as published. */
export function nationalityOf(value: string): string | null {
  const text = value.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  return countryCode(text) ?? text;
}
