import type { WatchListSource } from './entry';

/** How each source is named to people (the PDF report, the summaries' sentences). */
export const SOURCE_TITLES: Readonly<Record<WatchListSource, string>> = {
  'sat-69b': 'SAT, artículo 69-B (operaciones inexistentes)',
  'sat-69': 'SAT, artículo 69 (contribuyentes incumplidos)',
  'ofac-sdn': 'OFAC, lista SDN',
  'un-consolidated': 'Consejo de Seguridad de la ONU, lista consolidada',
  peps: 'Personas políticamente expuestas (PEP)',
};
