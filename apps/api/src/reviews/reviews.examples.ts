import type { ApiErrorOf } from '../docs/api-errors.decorator';

/**
 * `POST .../processes/{processId}/reviews` bodies. Register the demo candidate Óscar Aispuro Moreno
 * (data/watch-lists/demo/candidates.json): his Global Watch List process matches OFAC entry 36125.
 */
export const REVIEW_EXAMPLES = {
  dismiss: {
    summary: 'A namesake: the finding stops counting',
    value: {
      finding: { source: 'ofac-sdn', entryId: '36125' },
      decision: 'dismissed',
      reason: 'Fecha de nacimiento distinta en la INE; homónimo.',
    },
  },
  confirm: {
    summary: 'It is the candidate',
    value: {
      finding: { source: 'ofac-sdn', entryId: '36125' },
      decision: 'confirmed',
      reason: 'RFC y fecha de nacimiento coinciden con la INE.',
    },
  },
};

/** `POST /candidate-requests/{uuid}/disputes` bodies. */
export const DISPUTE_EXAMPLES = {
  notMe: {
    summary: 'The candidate says the listed person is someone else',
    value: {
      finding: { source: 'ofac-sdn', entryId: '36125' },
      statement: 'No soy la persona de la lista: mi fecha de nacimiento es 1990-03-14.',
    },
  },
};

export const REVIEW_400: ApiErrorOf = {
  status: 400,
  description:
    'Invalid input: `errors` lists every violated rule with its field (a finding the process does not have, a reason too long...)',
  summary: 'An entry that is not a finding of this process',
  example: {
    code: 400,
    message: 'The request has 1 invalid field.',
    errors: [
      {
        field: 'finding',
        message:
          "finding ofac-sdn/99999 is not a finding of this process: use the source and entryId of one of its summary's matches (or persons, for BGC Legal).",
      },
    ],
  },
};

export const DISPUTE_400: ApiErrorOf = {
  status: 400,
  description:
    "Invalid input: `errors` lists every violated rule with its field (a finding none of the request's processes has...)",
  summary: 'An entry that is not a finding of the request',
  example: {
    code: 400,
    message: 'The request has 1 invalid field.',
    errors: [
      {
        field: 'finding',
        message: "finding ofac-sdn/99999 is not a finding of this candidate request's finished processes.",
      },
    ],
  },
};
