import { comparisonTable, watchListMatches } from './match-explanations';
import { summaryMatches } from './candidate-report';

const match = {
  source: 'ofac-sdn' as const,
  entryId: '36125',
  listedName: 'AISPURO MORENO, Oscar',
  listStatus: 'SDNTK',
  score: 1,
  decision: 'match' as const,
  // As stored before labels were kept: the report labels features from the catalogue.
  features: [
    { feature: 'rfc_exact', effect: 1 },
    { feature: 'deceased', effect: 0 },
  ],
};

describe('watchListMatches', () => {
  it('names the entry, gives the reasons in Spanish and the candidate beside the entry', () => {
    const [explained] = watchListMatches({
      matches: [
        {
          ...match,
          comparison: [
            { field: 'givenNames', candidate: 'Óscar', listed: 'Oscar', same: true },
            { field: 'birthDate', candidate: '1968-11-06', listed: '1968-11, 1970', same: false },
            { field: 'rfc', candidate: 'AIMO6811069F7', listed: 'AIMO6811069F7, AUAM530929', same: true },
            { field: 'curp', candidate: null, listed: null, same: null },
          ],
        },
      ],
    });
    expect(explained).toEqual({
      heading: 'Coincidencia con «AISPURO MORENO, Oscar» en OFAC, lista SDN (SDNTK), puntuación 1.00.',
      reasons: 'Motivos: RFC idéntico; Persona fallecida.',
      comparison: {
        columns: ['Campo', 'Candidato', 'En la lista', '¿Coincide?'],
        rows: [
          ['Nombre(s)', 'Óscar', 'Oscar', 'Sí'],
          ['Fecha de nacimiento', '6 de noviembre de 1968', 'noviembre de 1968, 1970', 'No'],
          // Masked as everywhere in the report, each of several values.
          ['RFC', 'AIMO*********', 'AIMO*********, AUAM******', 'Sí'],
          ['CURP', 'No proporcionado', 'Sin dato', '—'],
        ],
      },
    });
  });

  it('shows no table for a match recorded before comparisons were kept', () => {
    expect(watchListMatches({ matches: [match] })[0].comparison).toBeNull();
  });

  it('names the fields of a company', () => {
    expect(
      comparisonTable([{ field: 'businessName', candidate: 'ACME SA', listed: 'ACME, S.A.', same: true }])
        .rows,
    ).toEqual([['Razón social', 'ACME SA', 'ACME, S.A.', 'Sí']]);
  });
});

describe('summaryMatches', () => {
  it('explains the matches of list processes only', () => {
    const summary = { listsChecked: [], matches: [match] };
    expect(summaryMatches('Global Watch List', summary)).toHaveLength(1);
    expect(summaryMatches('BGC News', summary)).toEqual([]);
    expect(summaryMatches('Peps', { providerAnswered: false, reason: 'x' })).toEqual([]);
  });
});
