import { spanishTimeZoneName } from './time-zone-names';

describe('spanishTimeZoneName', () => {
  it.each([
    ['America/Mexico_City', 'hora del centro de México'],
    ['America/Monterrey', 'hora del centro de México'],
    ['America/Cancun', 'hora del sureste de México'],
    ['America/Hermosillo', 'hora del Pacífico de México'],
    ['America/Tijuana', 'hora del noroeste de México'],
    ['America/Guatemala', 'hora de Guatemala'],
    ['America/Panama', 'hora de Panamá'],
    ['UTC', 'tiempo universal coordinado (UTC)'],
  ])('%s -> %s', (zone, name) => {
    expect(spanishTimeZoneName(zone)).toBe(name);
  });

  it('names another zone by its place, never by a bare offset', () => {
    expect(spanishTimeZoneName('America/New_York')).toBe('hora de Nueva York');
    expect(spanishTimeZoneName('Europe/Madrid')).toMatch(/^hora de /);
  });
});
