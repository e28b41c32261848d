import { foldWords } from './folding';
import { agrees, compareSpellings } from './name-parts';

/**
 * The name of a company or organisation as the matcher compares it: folded words without the
 * legal form (`S.A. DE C.V.`, `S. DE R.L.`, `SAPI`, `SC`, `AC`...), which is kept apart and
 * compared as a feature, and without the articles and conjunctions that carry nothing.
 */
export interface EntityNameForm {
  words: string[];
  /** The legal form in one spelling (`SA DE CV`, `S DE RL DE CV`, `SC`), null when the name has none. */
  legalForm: string | null;
}

/** Spelled-out legal forms, rewritten to the abbreviations the tail below recognises. */
const SPELLED_OUT: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bSOCIEDAD ANONIMA PROMOTORA DE INVERSION\b/g, 'SAPI'],
  [/\bSOCIEDAD ANONIMA BURSATIL\b/g, 'SAB'],
  [/\bSOCIEDAD COOPERATIVA DE PRODUCCION\b/g, 'SC DE P'],
  [/\bSOCIEDAD DE PRODUCCION RURAL\b/g, 'S DE PR'],
  [/\bSOCIEDAD DE SOLIDARIDAD SOCIAL\b/g, 'S DE SS'],
  [/\bSOCIEDAD NACIONAL DE CREDITO\b/g, 'SNC'],
  [/\bSOCIEDAD ANONIMA\b/g, 'SA'],
  [/\bSOCIEDAD DE RESPONSABILIDAD LIMITADA\b/g, 'S DE RL'],
  [/\bSOCIEDAD CIVIL\b/g, 'SC'],
  [/\bASOCIACION CIVIL\b/g, 'AC'],
  [/\bSOCIEDAD COOPERATIVA\b/g, 'SC'],
  [/\bCAPITAL VARIABLE\b/g, 'CV'],
  [/\bRESPONSABILIDAD LIMITADA\b/g, 'RL'],
];

/**
 * Words and letters that make a legal form, in every spelling Mexican registries use once dots
 * are folded away: `SA DE CV`, `S DE RL DE CV`, `SC DE P DE RL DE CV` (cooperativa de producción),
 * `SAPI DE CV`, `SAB DE CV`, `S DE PR DE RL` (producción rural), `S DE SS`, `SNC`, `S EN NC`,
 * `SOFOM ENR`, `AC`, `SC`, `IAP`.
 */
const LEGAL_FORMS = new Set(
  (
    'SA SAB SAPI SAPIB SAS SRL RL RI SC SCL SCS SCP AC IAP IBP ABP SPR SOFOM SOFIPO ENR ER NC CS S C CV MI ' +
    'P PR SS SNC SSS USPR ' +
    'LLC INC LTD CORP CO GMBH LIMITED PLC SL'
  ).split(' '),
);
/** Words that join the parts of a legal form (`S DE RL`, `S EN C POR A`); never one on their own. */
const LEGAL_JOINERS = new Set(['DE', 'EN', 'POR', 'Y', 'A']);

/** Articles, prepositions and conjunctions: not compared, not indexed. */
export const ENTITY_STOPWORDS: ReadonlySet<string> = new Set([
  'DE',
  'DEL',
  'LA',
  'LAS',
  'LOS',
  'EL',
  'Y',
  'E',
  'O',
  'A',
  'AL',
  'EN',
  'THE',
  'AND',
  'OF',
]);

/** `S A DE C V` -> `SA DE CV`: the letters of an abbreviation written with dots come apart when folded. */
function joinLetters(words: readonly string[]): string[] {
  const joined: string[] = [];
  let run = false;
  for (const word of words) {
    const letter = word.length === 1 && word >= 'A' && word <= 'Z';
    if (letter && run) joined[joined.length - 1] += word;
    else joined.push(word);
    run = letter;
  }
  return joined;
}

/** Splits the legal form off the end of a folded company name. */
function splitLegalForm(words: readonly string[]): { words: string[]; legalForm: string | null } {
  let start = words.length;
  while (start > 1 && (LEGAL_FORMS.has(words[start - 1]) || LEGAL_JOINERS.has(words[start - 1]))) start--;
  // Joiners before the first legal-form word belong to the name (`CASA DE` + `SA DE CV`).
  while (start < words.length && LEGAL_JOINERS.has(words[start])) start++;
  if (start === words.length) return { words: [...words], legalForm: null };
  return { words: words.slice(0, start), legalForm: words.slice(start).join(' ') };
}

export function entityNameForm(text: string): EntityNameForm {
  let folded = foldWords(text).join(' ');
  for (const [spelled, abbreviation] of SPELLED_OUT) folded = folded.replace(spelled, abbreviation);
  const { words, legalForm } = splitLegalForm(joinLetters(folded ? folded.split(' ') : []));
  const kept = words.filter((word) => !ENTITY_STOPWORDS.has(word));
  return { words: kept.length ? kept : words, legalForm };
}

/**
 * Words that many company names share (`GRUPO`, `SERVICIOS`, `COMERCIALIZADORA`...): a name that
 * agrees only on them is not the same company, so they weigh a third of a distinctive word.
 */
const GENERIC_WORDS = new Set([
  'GRUPO',
  'GROUP',
  'COMERCIALIZADORA',
  'COMERCIAL',
  'SERVICIOS',
  'SERVICIO',
  'SERVICES',
  'CONSTRUCTORA',
  'CONSTRUCCIONES',
  'INMOBILIARIA',
  'DISTRIBUIDORA',
  'CORPORATIVO',
  'CORPORACION',
  'CORPORATION',
  'CONSULTORES',
  'CONSULTORIA',
  'ASESORES',
  'ASESORIA',
  'TRANSPORTES',
  'INTERNACIONAL',
  'INTERNATIONAL',
  'MEXICO',
  'MEXICANA',
  'MEXICANO',
  'NACIONAL',
  'INDUSTRIAS',
  'INDUSTRIAL',
  'SOLUCIONES',
  'EMPRESARIALES',
  'EMPRESARIAL',
  'INTEGRALES',
  'INTEGRAL',
  'PROFESIONALES',
  'COMPANIA',
  'COMPANY',
  'CIA',
  'ENTERPRISES',
  'TRADING',
  'HOLDING',
  'HOLDINGS',
  'LOGISTICA',
  'ADMINISTRACION',
  'ADMINISTRADORA',
  'PROMOTORA',
  'DESARROLLOS',
  'DESARROLLADORA',
  'SISTEMAS',
  'TECNOLOGIA',
  'NEGOCIOS',
  'INVERSIONES',
  'IMPORTADORA',
  'EXPORTADORA',
  'OPERADORA',
  'PRODUCTOS',
  'ALIMENTOS',
  'ESPECIALIZADOS',
  'CONSTRUCTORES',
]);

export const GENERIC_WORD_WEIGHT = 1 / 3;
export const entityWordWeight = (word: string): number => (GENERIC_WORDS.has(word) ? GENERIC_WORD_WEIGHT : 1);

export interface EntityNameMatch {
  /** 0..1: weighted Dice coefficient of the words (a typo'd word earns its typo similarity). */
  similarity: number;
  /** The same words in the same order. */
  exact: boolean;
  /** Both names carry a legal form and the forms differ (`SA DE CV` / `SC`). */
  legalFormDiffers: boolean;
}

/**
 * Words against words, in any order: each word of one name pairs with the most similar unpaired
 * word of the other (exact first, then typo or phonetic); the names' similarity is
 * 2 x (weight of the paired words x their similarity) / (weight of both names).
 */
export function compareEntityNames(a: EntityNameForm, b: EntityNameForm): EntityNameMatch {
  const legalFormDiffers = a.legalForm !== null && b.legalForm !== null && a.legalForm !== b.legalForm;
  if (a.words.join(' ') === b.words.join(' ') || a.words.join('') === b.words.join(''))
    return { similarity: 1, exact: true, legalFormDiffers };
  const used: boolean[] = [];
  let earned = 0;
  for (const word of a.words) {
    let best = 0;
    let at = -1;
    for (let i = 0; i < b.words.length; i++) {
      if (used[i]) continue;
      const found = compareSpellings(word, b.words[i]);
      if (agrees(found) && found.similarity > best) {
        best = found.similarity;
        at = i;
        if (best === 1) break;
      }
    }
    if (at >= 0) {
      used[at] = true;
      earned += best * Math.min(entityWordWeight(word), entityWordWeight(b.words[at]));
    }
  }
  const total =
    a.words.reduce((sum, word) => sum + entityWordWeight(word), 0) +
    b.words.reduce((sum, word) => sum + entityWordWeight(word), 0);
  return { similarity: total ? (2 * earned) / total : 0, exact: false, legalFormDiffers };
}
