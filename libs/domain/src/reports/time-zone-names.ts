/**
 * What a Spanish-speaking reader calls the time of a zone, for the report's times: Mexico's four
 * official zones by the names the Ley del Sistema de Horario uses (centro, Pacífico, noroeste,
 * sureste), and the other countries the service screens for by the country. Written out rather than
 * asked of Intl: ICU calls America/Mexico_City "hora estándar central", and its wording changes
 * between Node versions.
 */
const ZONE_NAMES: Readonly<Record<string, string>> = {
  'America/Mexico_City': 'hora del centro de México',
  'America/Monterrey': 'hora del centro de México',
  'America/Merida': 'hora del centro de México',
  'America/Bahia_Banderas': 'hora del centro de México',
  'America/Chihuahua': 'hora del centro de México',
  'America/Matamoros': 'hora del centro de México (frontera norte)',
  'America/Ojinaga': 'hora de la montaña (frontera norte de México)',
  'America/Ciudad_Juarez': 'hora de la montaña (frontera norte de México)',
  'America/Cancun': 'hora del sureste de México',
  'America/Mazatlan': 'hora del Pacífico de México',
  'America/Hermosillo': 'hora del Pacífico de México',
  'America/Tijuana': 'hora del noroeste de México',
  'America/Santo_Domingo': 'hora de República Dominicana',
  'America/Guatemala': 'hora de Guatemala',
  'America/Tegucigalpa': 'hora de Honduras',
  'America/Jamaica': 'hora de Jamaica',
  'America/Panama': 'hora de Panamá',
  UTC: 'tiempo universal coordinado (UTC)',
  'Etc/UTC': 'tiempo universal coordinado (UTC)',
};

/**
 * "hora del centro de México" for America/Mexico_City. A zone not listed is named as Intl names it
 * in Mexican Spanish when that reads as a place ("hora de Nueva York"), else by its IANA id.
 */
export function spanishTimeZoneName(timeZone: string): string {
  const listed = ZONE_NAMES[timeZone];
  if (listed) return listed;
  const generic = new Intl.DateTimeFormat('es-MX', { timeZone, timeZoneName: 'shortGeneric' })
    .formatToParts(0)
    .find((part) => part.type === 'timeZoneName')?.value;
  return generic?.startsWith('hora de ') ? generic : `hora de ${timeZone}`;
}
