/**
 * What each feature the matcher explains a score with means, as a sentence a person reads
 * (docs/watch-list-matching.md, "Labels"). The one catalogue: the process summaries, the
 * screenings' answers, the monitors' alerts and the printed report all take their labels from here,
 * and `scoring.ts` can only emit a code listed here (`MatchFeatureCode`). A unit spec reads the
 * matcher's sources and fails on a code without a label.
 */
export const FEATURE_LABELS = {
  rfc_exact: 'RFC idéntico',
  curp_exact: 'CURP idéntica',
  name_exact: 'Nombre idéntico',
  name_similar: 'Nombre parecido',
  name_differs: 'Nombre distinto',
  given_name_differs: 'Nombre de pila distinto',
  paternal_surname_differs: 'Apellido paterno distinto',
  maternal_surname_differs: 'Apellido materno distinto',
  given_name_missing: 'Falta el nombre de pila en uno de los dos',
  paternal_surname_missing: 'Falta el apellido paterno en uno de los dos',
  maternal_surname_missing: 'Falta el apellido materno en uno de los dos',
  spelling_differs: 'Nombre con una errata o escrito como suena',
  given_name_initial: 'Nombre de pila abreviado o con inicial',
  name_reordered: 'Nombre escrito en otro orden',
  alias: 'Coincide con un alias',
  common_surname: 'Apellido frecuente',
  birth_date_same: 'Fecha de nacimiento coincidente',
  birth_date_differs: 'Fecha de nacimiento distinta',
  nationality_same: 'Misma nacionalidad',
  nationality_differs: 'Nacionalidad distinta',
  gender_differs: 'Sexo distinto',
  rfc_differs: 'RFC distinto',
  curp_differs: 'CURP distinta',
  rfc_stem: 'RFC sin homoclave coincidente',
  deceased: 'Persona fallecida',
  legal_form_differs: 'Tipo de sociedad distinto',
  redacted: 'Registro testado en la lista',
  kind_differs: 'Tipo de persona distinto (física o moral)',
  name_missing: 'Sin nombre que comparar',
} as const satisfies Record<string, string>;

/** Every feature code the matcher can emit. */
export type MatchFeatureCode = keyof typeof FEATURE_LABELS;

/**
 * The label of a code; a code this catalogue does not know (a feature stored by a later version of
 * the service, read by an older one) reads as itself rather than as nothing.
 */
export function featureLabel(code: string): string {
  return Object.hasOwn(FEATURE_LABELS, code) ? FEATURE_LABELS[code as MatchFeatureCode] : code;
}

/**
 * Features as stored before labels were kept with them (process summaries, alerts) gain theirs;
 * features that have one keep it.
 */
export function withFeatureLabels<F extends { feature: string; label?: string }>(
  features: readonly F[],
): Array<F & { label: string }> {
  return features.map((feature) =>
    typeof feature.label === 'string'
      ? (feature as F & { label: string })
      : { ...feature, label: featureLabel(feature.feature) },
  );
}
