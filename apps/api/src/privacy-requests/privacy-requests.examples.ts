import type { ApiErrorOf } from '../docs/api-errors.decorator';

/** `POST /privacy-requests` bodies that work as they stand against the demo data (client `acme`). */
export const CREATE_PRIVACY_REQUEST_EXAMPLES = {
  accessByRfc: {
    summary: 'Access, the person identified by RFC',
    value: {
      right: 'access',
      subject: { rfc: 'HEGJ850101AB1' },
      receivedAt: '2026-09-10',
      channel: 'email',
      details: 'Solicita copia de los datos personales usados en su evaluación.',
    },
  },
  rectificationByName: {
    summary: 'Rectification, the person identified by full name and birth date',
    value: {
      right: 'rectification',
      subject: { name: 'Juan', lastName: 'Hernández', secondLastName: 'García', birthDate: '1985-01-01' },
      receivedAt: '2026-09-10',
      channel: 'web',
      details: 'Su segundo apellido es Gómez, no García.',
    },
  },
  oppositionByCurp: {
    summary: 'Opposition to monitoring, by CURP, received on paper',
    value: {
      right: 'opposition',
      subject: { curp: 'HEGJ850101HDFRNN09' },
      receivedAt: '2026-09-10',
      channel: 'paper',
    },
  },
};

/** `POST /privacy-requests/{id}/resolve` bodies, one per kind of decision. */
export const RESOLVE_PRIVACY_REQUEST_EXAMPLES = {
  granted: {
    summary: 'Granted (access, cancellation, opposition)',
    value: { decision: 'granted', reason: 'Identidad acreditada con INE.' },
  },
  rectification: {
    summary: 'A granted rectification, with the corrected fields',
    value: {
      decision: 'granted',
      reason: 'Acta de nacimiento presentada.',
      changes: { secondLastName: 'Gómez' },
    },
  },
  denied: {
    summary: 'Denied',
    value: { decision: 'denied', reason: 'No se acreditó la identidad del titular.' },
  },
};

/** What `POST /privacy-requests` refuses besides a body that cannot be read. */
export const PRIVACY_REQUEST_400: ApiErrorOf = {
  status: 400,
  description:
    'Invalid input: `errors` lists every violated rule with its field (a subject that identifies no one, a date received in the future...)',
  summary: 'A subject that identifies no one, received tomorrow',
  example: {
    code: 400,
    message: 'The request has 2 invalid fields.',
    errors: [
      {
        field: 'subject',
        message: 'subject must identify the person: an rfc, a curp, or name, lastName and birthDate.',
      },
      {
        field: 'receivedAt',
        message: 'receivedAt must be a date from 2000-01-01 to today (2026-09-10), got 2026-09-11.',
      },
    ],
  },
};
