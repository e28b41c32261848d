/** Request examples that succeed as they stand against the demo data (QA runs them from Swagger UI). */
export const REGISTRATION_EXAMPLES = {
  basic: {
    summary: 'Individual on PKG-ACME-BASIC (demo@acme.test)',
    value: {
      packageId: 'PKG-ACME-BASIC',
      name: 'Juan Carlos',
      lastName: 'Hernández',
      secondLastName: 'López',
      birthDate: '1990-05-17',
      nationality: 'MX',
      gender: 'H',
      rfc: 'HELJ900517AB1',
      curp: 'HELJ900517HDFRPN09',
      email: 'juan.hernandez@example.com',
      phone: '+525512345678',
    },
  },
  full: {
    summary: 'Individual on PKG-ACME-FULL, with credit report consent',
    value: {
      packageId: 'PKG-ACME-FULL',
      name: 'María Fernanda',
      lastName: 'García',
      secondLastName: 'Ruiz',
      birthDate: '1988-11-03',
      nationality: 'MX',
      gender: 'M',
      rfc: 'GARM881103QW2',
      curp: 'GARM881103MJCRZR05',
      consentNIP: '4888',
    },
  },
  corporate: {
    summary: 'Company on PKG-ACME-FULL (no personal references)',
    value: {
      packageId: 'PKG-ACME-FULL',
      personType: 'corporate',
      nationality: 'MX',
      rfc: 'CNO150210AB3',
      consentNIP: '1850',
      regime: 'Régimen General de Ley Personas Morales',
      businessName: 'Comercializadora del Norte S.A. de C.V.',
    },
  },
};

export const CANDIDATE_INPUT_EXAMPLES = {
  documents: {
    summary: 'Documentos',
    value: {
      documents: [
        {
          type: 'INE',
          fileName: 'ine.pdf',
          sha256: 'a3f5c1d2e4b6a7980c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b',
        },
        {
          type: 'COMPROBANTE_DOMICILIO',
          fileName: 'domicilio.pdf',
          sha256: 'b3f5c1d2e4b6a7980c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3c',
        },
      ],
    },
  },
  personalReferences: {
    summary: 'Referencias Personales',
    value: {
      references: [
        { name: 'María López', phone: '+525511112222', relationship: 'Amiga' },
        { name: 'Pedro Ruiz', phone: '+525533334444', relationship: 'Vecino' },
      ],
    },
  },
  workReferences: {
    summary: 'Referencias Laborales',
    value: {
      references: [
        {
          company: 'Transportes del Bajío S.A.',
          contactName: 'Laura Méndez',
          phone: '+524771234567',
          position: 'Supervisor de almacén',
          startDate: '2019-02-01',
          endDate: '2023-06-30',
        },
      ],
    },
  },
};

const REQUEST_NOT_FOUND_BODY = {
  isSuccess: true,
  statusCode: 404,
  message: 'Candidate request not found',
  data: {},
};

function finishedEntry(id: string, processName: string, result: string, startDate: number, tookMs: number) {
  return {
    id,
    processName,
    result,
    status: 'Finalizado',
    startDate,
    endDate: startDate + tookMs,
    estimatedEndDate: null,
  };
}

/** The bodies `GET /candidate-requests/{uuid}` answers, both with HTTP 200 (docs/behaviour.md). */
export const OVERVIEW_EXAMPLES = {
  found: {
    summary: 'A request whose processes have all finished (statusCode 200)',
    value: {
      isSuccess: true,
      statusCode: 200,
      message: 'OK',
      data: {
        isCandidateRegistered: true,
        status: 'Completed',
        candidateId: '0b6f3c52-8d1e-4f7a-9c3b-5e2d7a1f4c80',
        result: 'Riesgo Bajo',
        reviewedResult: 'Riesgo Bajo',
        globalEndDate: 1795357425900,
        estimatedGlobalEndDate: null,
        packageId: 'PKG-ACME-BASIC',
        openMonitorAlerts: 0,
        consent: { basis: 'tacit', noticeVersion: '2026-01', acceptedAt: 1795357424000 },
        processes: [
          finishedEntry('3e1d9f0a-6b2c-4d8e-a1f5-7c9b0e2d4a61', 'Peps', 'Aprobado', 1795357425000, 200),
          finishedEntry(
            '5a7c2e4b-9d1f-4a3c-8e6b-0f2d4a6c8e13',
            'Global Watch List',
            'Aprobado',
            1795357425010,
            300,
          ),
          finishedEntry(
            '7c9e4a6d-1f3b-4c5e-9a8d-2b4f6a8c0e25',
            'Listas negras del SAT',
            'Aprobado',
            1795357425020,
            380,
          ),
          {
            ...finishedEntry(
              '9e1a6c8f-3b5d-4e7a-8c0f-4d6b8a0c2e37',
              'BGC Legal',
              'Riesgo Bajo',
              1795357425030,
              870,
            ),
            review: { status: 'pending', reviewedResult: 'Riesgo Bajo', disputed: false },
          },
          finishedEntry('1a3c8e0b-5d7f-4a9c-9e2b-6f8d0c2e4a49', 'BGC News', 'Aprobado', 1795357425040, 560),
        ],
      },
    },
  },
  notFound: {
    summary: 'Unknown request, or one of another client (statusCode 404 in the body)',
    value: REQUEST_NOT_FOUND_BODY,
  },
};

const LISTS_CHECKED = [
  { source: 'ofac-sdn', version: 1, asOf: '2026-11-20' },
  { source: 'un-consolidated', version: 1, asOf: '2026-11-20' },
];

/** A finished list process that matched an OFAC entry by the candidate's RFC (the demo lists' Óscar Aispuro Moreno). */
const FINISHED_WATCH_LIST = {
  id: '3e1d9f0a-6b2c-4d8e-a1f5-7c9b0e2d4a61',
  processName: 'Global Watch List',
  result: 'Riesgo Alto',
  status: 'Finalizado',
  startDate: 1795357425000,
  endDate: 1795357425200,
  estimatedEndDate: null,
  review: { status: 'pending', reviewedResult: 'Riesgo Alto', disputed: false },
  summary: {
    listsChecked: LISTS_CHECKED,
    matches: [
      {
        source: 'ofac-sdn',
        entryId: '36125',
        listedName: 'AISPURO MORENO, Oscar',
        listStatus: 'SDNTK',
        score: 1,
        decision: 'match',
        features: [{ feature: 'rfc_exact', effect: 1, label: 'RFC idéntico' }],
        disputed: false,
        comparison: [
          { field: 'givenNames', candidate: 'Óscar', listed: 'Oscar', same: true },
          { field: 'paternalSurname', candidate: 'Aispuro', listed: 'AISPURO', same: true },
          { field: 'maternalSurname', candidate: 'Moreno', listed: 'MORENO', same: true },
          { field: 'birthDate', candidate: '1968-11-06', listed: '1968-11-06', same: true },
          { field: 'rfc', candidate: 'AIMO6811069F7', listed: 'AIMO6811069F7', same: true },
          { field: 'curp', candidate: null, listed: null, same: null },
          { field: 'nationality', candidate: 'MX', listed: 'MX', same: true },
        ],
      },
    ],
  },
};

/** The bodies `GET /candidate-requests/{uuid}/processes/{processId}` answers, all with HTTP 200 (docs/behaviour.md). */
export const PROCESS_DETAIL_EXAMPLES = {
  finished: {
    summary: 'A finished process (statusCode 200)',
    value: {
      isSuccess: true,
      statusCode: 200,
      message: 'OK',
      data: FINISHED_WATCH_LIST,
    },
  },
  finishedWithDetail: {
    summary: 'A finished process with detail=true (statusCode 200)',
    value: {
      isSuccess: true,
      statusCode: 200,
      message: 'OK',
      data: {
        ...FINISHED_WATCH_LIST,
        rawDetails: {
          provider: 'watch-lists',
          reference: 'ofac-sdn@1,un-consolidated@1',
          requestedAt: '2026-11-22T14:23:45.010Z',
          answeredAt: '2026-11-22T14:23:45.013Z',
          payload: {
            listsChecked: LISTS_CHECKED,
            listsWithoutVersion: [],
            entries: [
              {
                source: 'ofac-sdn',
                key: '36125',
                kind: 'person',
                listStatus: 'SDNTK',
                raw: {
                  sdn: {
                    ent_num: '36125',
                    SDN_Name: 'AISPURO MORENO, Oscar',
                    SDN_Type: 'individual',
                    Program: 'SDNTK',
                    Remarks:
                      'DOB 06 Nov 1968; POB Chihuahua, Mexico; nationality Mexico; R.F.C. AIMO-681106-9F7 (Mexico).',
                  },
                },
              },
            ],
          },
        },
      },
    },
  },
  unavailable: {
    summary: 'A process whose provider never answered, with detail=true (statusCode 200, No disponible)',
    value: {
      isSuccess: true,
      statusCode: 200,
      message: 'OK',
      data: {
        id: '1a3c8e0b-5d7f-4a9c-9e2b-6f8d0c2e4a49',
        processName: 'BGC News',
        result: 'No disponible',
        status: 'Finalizado',
        startDate: 1795357425000,
        endDate: 1795357426400,
        estimatedEndDate: null,
        summary: {
          providerAnswered: false,
          reason: 'The BGC News provider gave no answer after 3 attempts.',
        },
        rawDetails: {
          provider: 'sandbox:BGC News',
          reference: null,
          requestedAt: '2026-11-22T14:23:46.190Z',
          answeredAt: '2026-11-22T14:23:46.390Z',
          payload: null,
          error: 'Sandbox provider for BGC News did not answer',
        },
      },
    },
  },
  notFinished: {
    summary: 'A process that has not finished (statusCode 409 in the body: its state and estimate only)',
    value: {
      isSuccess: true,
      statusCode: 409,
      message: 'The process has not finished yet (status: Pendiente Candidato).',
      data: {
        id: '2b4d6f8a-0c2e-4a6c-8e1a-3c5e7a9c1e5b',
        processName: 'Documentos',
        status: 'Pendiente Candidato',
        result: 'Pendiente',
        estimatedEndDate: null,
      },
    },
  },
  notFound: {
    summary: 'Unknown request or process, or one of another client (statusCode 404 in the body)',
    value: REQUEST_NOT_FOUND_BODY,
  },
};

/** Batch examples that succeed against the demo data (demo@acme.test). */
export const BATCH_EXAMPLES = {
  partial: {
    summary: 'Two valid registrations and one refused (an underage candidate): partial by default',
    value: {
      items: [
        REGISTRATION_EXAMPLES.basic.value,
        REGISTRATION_EXAMPLES.full.value,
        { ...REGISTRATION_EXAMPLES.basic.value, birthDate: '2015-01-01' },
      ],
    },
  },
};

/** The same intake as a spreadsheet export: a header of registration fields, one row per candidate. */
export const BATCH_CSV_EXAMPLE = [
  'packageId,name,lastName,secondLastName,birthDate,nationality,gender,rfc,curp',
  'PKG-ACME-BASIC,Juan Carlos,Hernández,López,1990-05-17,MX,H,HELJ900517AB1,HELJ900517HDFRPN09',
  'PKG-ACME-BASIC,Ana Sofía,Martínez,,1992-03-08,MX,M,,',
].join('\n');
