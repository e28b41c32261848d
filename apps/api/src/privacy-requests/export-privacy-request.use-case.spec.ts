// ./privacy-requests.use-case loads ../common/validation, hence @nestjs/common (ESM-only in Nest 12).
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));

import { ConflictError, NotFoundError } from '@app/domain';
import type { PrivacyRequestView, StoredSearch } from '@app/persistence';
import { ACME, GLOBEX } from '../auth/test-users.fixture';
import { ExportPrivacyRequestUseCase } from './export-privacy-request.use-case';

const ID = '9c2e4a6b-8d0f-4e1a-b3c5-d7e9f1a3b5c7';
const REQUEST = '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f';
const SEARCH = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const PERSON = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const NOW = 1_789_660_800_000;

const ACCESS: PrivacyRequestView & { clientId: string } = {
  id: ID,
  clientId: 'acme',
  right: 'access',
  status: 'resolved',
  subject: { rfc: 'HEGJ850101AB1', name: 'Juan', lastName: 'Hernández' },
  receivedAt: '2026-09-10',
  dueDate: '2026-10-09',
  channel: 'email',
  details: null,
  matches: [
    { type: 'candidate_request', id: REQUEST },
    { type: 'search', id: SEARCH },
    { type: 'monitor', id: 'm-1' },
  ],
  decision: 'granted',
  reason: 'Identidad acreditada.',
  changes: null,
  createdAt: NOW - 10,
  resolvedAt: NOW - 5,
};

const SEARCH_ROW: StoredSearch = {
  id: SEARCH,
  clientId: 'acme',
  query: { name: 'Juan', lastName: 'Hernández' },
  outcome: 'SUCCESS',
  totalInSource: 2,
  kpis: { total: 2 },
  slowResponse: false,
  createdAt: new Date(NOW - 100),
  recoverableUntil: new Date(NOW + 1000),
  corpusVersion: '3',
  blocked: false,
};

const PROCESS = '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a';
const FINDING = { source: 'sat-69b', entryId: 'AIMO6811069F7' };
const OTHER_FINDING = { source: 'ofac-sdn', entryId: '36125' };
const reviewer = { id: 'u-1', email: 'demo@acme.test' };

/** A dismissal, then a dispute of it and of another finding, then a confirmation of the first. */
const REVIEWS = [
  {
    id: 'r-1',
    requestId: REQUEST,
    processId: PROCESS,
    alertId: null,
    finding: FINDING,
    decision: 'dismissed' as const,
    reason: 'Homónimo.',
    reviewer,
    at: NOW - 400,
  },
  {
    id: 'r-2',
    requestId: REQUEST,
    processId: PROCESS,
    alertId: null,
    finding: FINDING,
    decision: 'confirmed' as const,
    reason: 'Confirmado con el SAT.',
    reviewer,
    at: NOW - 200,
  },
  {
    id: 'r-3',
    requestId: REQUEST,
    processId: null,
    alertId: 'a-1',
    finding: OTHER_FINDING,
    decision: 'dismissed' as const,
    reason: null,
    reviewer: { id: 'k-1', email: null },
    at: NOW - 100,
  },
];
const DISPUTES = [
  {
    id: 'd-1',
    requestId: REQUEST,
    processId: PROCESS,
    finding: FINDING,
    statement: 'No soy yo.',
    at: NOW - 300,
  },
  {
    id: 'd-2',
    requestId: REQUEST,
    processId: PROCESS,
    finding: OTHER_FINDING,
    statement: 'Tampoco.',
    at: NOW - 300,
  },
];

/** Every port of the export in memory, remembering what it was asked. */
function setup(request: PrivacyRequestView & { clientId: string } = ACCESS) {
  const asked: Record<string, unknown[]> = {};
  const record = (name: string, args: unknown[]) => (asked[name] = args);
  const useCase = new ExportPrivacyRequestUseCase(
    {
      find: async (id, clientIds) =>
        id === request.id && clientIds.includes(request.clientId) ? request : null,
    },
    {
      requests: async (...args) => {
        record('requests', args);
        return [
          {
            uuid: REQUEST,
            packageId: 'PKG-ACME-BASIC',
            status: 'Completed',
            createdAt: NOW - 1000,
            candidate: {
              id: 'c-1',
              personType: 'individual',
              name: 'Juan',
              lastName: 'Hernández',
              secondLastName: null,
              birthDate: null,
              nationality: 'MX',
              gender: null,
              rfc: null,
              curp: null,
              consentNIP: null,
              regime: null,
              businessName: null,
              email: null,
              phone: null,
            },
            consent: null,
            processes: [],
          },
        ];
      },
    },
    {
      findSearchPage: async (...args) => {
        record('findSearchPage', args);
        return {
          search: SEARCH_ROW,
          page: {
            total: 2,
            rows: [
              {
                uuid: PERSON,
                name: 'JUAN HERNANDEZ',
                count: 3,
                categories: ['Civil'],
                agreementDate: null,
                state: 'Jalisco',
              },
              {
                uuid: '1b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
                name: 'JUAN HERNANDEZ LOPEZ',
                count: 1,
                categories: ['Penal'],
                agreementDate: '2025-03-01',
                state: 'Puebla',
              },
            ],
          },
          unlocked: [PERSON],
        };
      },
    },
    {
      ofIds: async (...args) => {
        record('ofIds', args);
        return [];
      },
      alertsOfMonitors: async (...args) => {
        record('alertsOfMonitors', args);
        return [];
      },
    },
    {
      ofSubjects: async (...args) => {
        record('ofSubjects', args);
        return [];
      },
    },
    {
      ofRequests: async (...args) => {
        record('ofRequests', args);
        return { reviews: REVIEWS, disputes: DISPUTES };
      },
    },
  );
  return { asked, useCase };
}

describe('ExportPrivacyRequestUseCase', () => {
  it('reads every match of a granted access request in its client, every stored match of a search at once', async () => {
    const { asked, useCase } = setup();
    const exported = await useCase.execute(ACME, ID, NOW);
    expect(exported.privacyRequest).toEqual(expect.objectContaining({ id: ID, decision: 'granted' }));
    expect(exported.privacyRequest).not.toHaveProperty('clientId');
    expect(exported.exportedAt).toBe(NOW);
    expect(exported.candidateRequests.map((r) => r.uuid)).toEqual([REQUEST]);
    expect(asked.requests).toEqual(['acme', [REQUEST]]);
    expect(asked.findSearchPage).toEqual([
      SEARCH,
      ['acme'],
      { categoryMask: null, states: null, limit: 300, offset: 0 },
    ]);
    expect(asked.ofIds).toEqual(['acme', ['m-1']]);
    expect(asked.alertsOfMonitors).toEqual(['acme', ['m-1']]);
    expect(asked.ofSubjects).toEqual(['acme', [REQUEST, SEARCH, 'm-1']]);
    expect(asked.ofRequests).toEqual([[REQUEST]]);
    const [search] = exported.searches;
    expect(search).toMatchObject({
      searchId: SEARCH,
      search_query: { name: 'Juan', lastName: 'Hernández' },
      meta: { unlocked_uuids: [PERSON], charged: false },
      unlockedRecords: [{ uuid: PERSON, name: 'JUAN HERNANDEZ' }],
    });
    expect(search.records).toHaveLength(2);
  });

  it("holds each request's reviews and disputes, a dispute open until a later review of its finding decides it", async () => {
    const { useCase } = setup();
    const [held] = (await useCase.execute(ACME, ID, NOW)).candidateRequests;
    expect(held.reviews.map((r) => [r.id, r.processId, r.alertId, r.reason])).toEqual([
      ['r-1', PROCESS, null, 'Homónimo.'],
      ['r-2', PROCESS, null, 'Confirmado con el SAT.'],
      ['r-3', null, 'a-1', null],
    ]);
    expect(held.reviews[0]).not.toHaveProperty('requestId');
    // d-1 was decided by r-2, made after it; the alert's review (r-3) decides no process finding.
    expect(held.disputes).toEqual([
      {
        id: 'd-1',
        processId: PROCESS,
        finding: FINDING,
        statement: 'No soy yo.',
        at: NOW - 300,
        status: 'resolved',
      },
      {
        id: 'd-2',
        processId: PROCESS,
        finding: OTHER_FINDING,
        statement: 'Tampoco.',
        at: NOW - 300,
        status: 'open',
      },
    ]);
  });

  it.each([
    ['an open access request', { status: 'open' as const, decision: null }, 'still open'],
    ['a denied access request', { decision: 'denied' }, 'denied'],
    ['a granted opposition', { right: 'opposition' }, 'Only an access request'],
  ])('answers 409 for %s', async (_label, change, message) => {
    const { useCase } = setup({ ...ACCESS, ...change });
    const refused = useCase.execute(ACME, ID, NOW);
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toThrow(message);
  });

  it("answers 404 for another client's request, an unknown id or one that is not a uuid", async () => {
    const { useCase } = setup();
    for (const [user, id] of [
      [GLOBEX, ID],
      [ACME, '9c2e4a6b-8d0f-4e1a-b3c5-000000000000'],
      [ACME, 'nope'],
    ] as const)
      await expect(useCase.execute(user, id, NOW)).rejects.toBeInstanceOf(NotFoundError);
  });
});
