/**
 * What a candidate supplies (docs/behaviour.md): the kinds of input and the document types. A leaf
 * module: the catalogue (through process-types.ts), the candidate-input rules and the report's
 * sentences all read it, so none of them has to import another to know these words (they used to
 * reach them through catalog.ts, which closed an import cycle through process-types.ts).
 */

/** The kinds of candidate input; a catalogue entry names the one its process needs. */
export type CandidateInputKind = 'documents' | 'personal-references' | 'work-references';

export const DOCUMENT_TYPES = [
  'INE',
  'PASAPORTE',
  'CURP',
  'ACTA_NACIMIENTO',
  'COMPROBANTE_DOMICILIO',
  'TITULO',
  'CEDULA_PROFESIONAL',
  'CONSTANCIA_SITUACION_FISCAL',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
