import { compareEntityNames, entityNameForm } from './entity-names';

describe('entityNameForm: the legal form kept apart', () => {
  it.each([
    ['Comercializadora Azteca, S.A. de C.V.', ['COMERCIALIZADORA', 'AZTECA'], 'SA DE CV'],
    ['COMERCIALIZADORA AZTECA SA DE CV', ['COMERCIALIZADORA', 'AZTECA'], 'SA DE CV'],
    [
      'Comercializadora Azteca Sociedad Anónima de Capital Variable',
      ['COMERCIALIZADORA', 'AZTECA'],
      'SA DE CV',
    ],
    ['Servicios del Norte, S. de R.L. de C.V.', ['SERVICIOS', 'NORTE'], 'S DE RL DE CV'],
    ['Grupo Financiero Alfa, S.A.P.I. de C.V.', ['GRUPO', 'FINANCIERO', 'ALFA'], 'SAPI DE CV'],
    ['Despacho Pérez y Asociados, S.C.', ['DESPACHO', 'PEREZ', 'ASOCIADOS'], 'SC'],
    ['Fundación Sol, A.C.', ['FUNDACION', 'SOL'], 'AC'],
    ['Financiera Uno SA de CV SOFOM ENR', ['FINANCIERA', 'UNO'], 'SA DE CV SOFOM ENR'],
    ['Agrícola El Valle SPR de RL', ['AGRICOLA', 'VALLE'], 'SPR DE RL'],
    // Every spelling the publishers' files use.
    ['PESCADORES DEL GOLFO, S.C. DE P. DE R.L. DE C.V.', ['PESCADORES', 'GOLFO'], 'SC DE P DE RL DE CV'],
    ['PESCADORES DEL GOLFO SC DE P DE RL DE CV', ['PESCADORES', 'GOLFO'], 'SC DE P DE RL DE CV'],
    [
      'Pescadores del Golfo Sociedad Cooperativa de Producción de R.L. de C.V.',
      ['PESCADORES', 'GOLFO'],
      'SC DE P DE RL DE CV',
    ],
    ['EJIDO LA PAZ, S. DE P.R. DE R.L.', ['EJIDO', 'PAZ'], 'S DE PR DE RL'],
    ['GANADEROS UNIDOS, S. DE S.S.', ['GANADEROS', 'UNIDOS'], 'S DE SS'],
    ['BANCO NACIONAL DEL NORTE, S.N.C.', ['BANCO', 'NACIONAL', 'NORTE'], 'SNC'],
    ['Grupo Alfa, S.A.B. de C.V.', ['GRUPO', 'ALFA'], 'SAB DE CV'],
    ['Textiles Finos S.A.S. de C.V.', ['TEXTILES', 'FINOS'], 'SAS DE CV'],
    ['Apoyo Mutuo I.A.P.', ['APOYO', 'MUTUO'], 'IAP'],
    ['Casa de Bolsa', ['CASA', 'BOLSA'], null],
    ['Banco Azteca', ['BANCO', 'AZTECA'], null],
    ['S.A.', ['SA'], null],
  ])('%p -> %p, %p', (text, words, legalForm) => {
    expect(entityNameForm(text)).toEqual({ words, legalForm });
  });
});

describe('compareEntityNames', () => {
  const compare = (a: string, b: string) => compareEntityNames(entityNameForm(a), entityNameForm(b));

  it.each([
    [
      'the same words, legal form written otherwise',
      'Comercializadora Azteca SA de CV',
      'COMERCIALIZADORA AZTECA, S.A. DE C.V.',
      1,
      true,
      false,
    ],
    [
      'no legal form on one side',
      'Comercializadora Azteca SA de CV',
      'Comercializadora Azteca',
      1,
      true,
      false,
    ],
    ['another legal form', 'Comercializadora Azteca SA de CV', 'Comercializadora Azteca SC', 1, true, true],
    ['words written together', 'Tecno Mex SA', 'TECNOMEX SA', 1, true, false],
    ['words in another order', 'Azteca Comercializadora', 'Comercializadora Azteca', 1, false, false],
    [
      'a cooperativa given without its legal form',
      'Pescadores del Golfo',
      'PESCADORES DEL GOLFO, S.C. DE P. DE R.L. DE C.V.',
      1,
      true,
      false,
    ],
  ])('%s', (_, a, b, similarity, exact, legalFormDiffers) => {
    expect(compare(a, b)).toEqual({ similarity, exact, legalFormDiffers });
  });

  it('weighs a typo in a word by the typo, and generic words a third of a distinctive one', () => {
    expect(compare('Transportes Jaguar Dorado', 'Transportes Jaguar Dorada').similarity).toBeCloseTo(
      (2 * (1 / 3 + 1 + 0.92)) / (2 * (1 / 3 + 2)),
    );
    expect(compare('Servicios Integrales Norte', 'Servicios Integrales Sur').similarity).toBeLessThan(0.6);
    expect(compare('Grupo Quetzal', 'Quetzal').similarity).toBeCloseTo((2 * 1) / (1 / 3 + 1 + 1));
  });
});
