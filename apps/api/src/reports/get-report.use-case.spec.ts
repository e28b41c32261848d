import {
  BLOCKED_REQUEST_MESSAGE,
  CandidateReport,
  CandidateReportInput,
  GoneError,
  NotFoundError,
  ReportRenderer,
} from '@app/domain';
import type { CandidateReportRepository } from '@app/persistence';
import { testConfig } from '@app/platform/config/app-config.fixture';
import { GetCandidateReportUseCase } from './get-report.use-case';
import { ACME, GLOBEX } from '../auth/test-users.fixture';

const REQUEST = '5f0c7a8e-1111-4222-8333-944455556666';

const INPUT: CandidateReportInput = {
  requestId: REQUEST,
  clientId: 'acme',
  clientName: 'Acme',
  packageId: 'PKG',
  packageName: 'Package',
  personType: 'individual',
  createdAt: Date.parse('2026-05-17T20:00:00Z'),
  candidate: {
    name: 'Ana',
    lastName: 'Prueba',
    secondLastName: null,
    businessName: null,
    rfc: 'PRUA900101AAA',
    curp: null,
  },
  processes: [],
};

/** A renderer that keeps the reports it was given and answers a fixed document. */
class KeptRenderer extends ReportRenderer {
  readonly rendered: CandidateReport[] = [];
  async render(report: CandidateReport): Promise<Buffer> {
    this.rendered.push(report);
    return Buffer.from('%PDF');
  }
}

function setup(blocked = false) {
  const reads: string[][] = [];
  const reports = {
    findReportInput: async (requestId: string, clients: string[]) => {
      reads.push(clients);
      return requestId === REQUEST && clients.includes('acme') ? { ...INPUT, blocked } : null;
    },
  };
  const renderer = new KeptRenderer();
  const useCase = new GetCandidateReportUseCase(
    reports as unknown as CandidateReportRepository,
    renderer,
    testConfig({
      serviceTimezone: 'America/Mexico_City',
    }),
  );
  return { reads, renderer, useCase };
}

describe('GetCandidateReportUseCase', () => {
  it('answers 410 for a blocked request, rendering nothing (docs/privacy.md)', async () => {
    const { renderer, useCase } = setup(true);
    await expect(useCase.execute(ACME, REQUEST)).rejects.toEqual(new GoneError(BLOCKED_REQUEST_MESSAGE));
    expect(renderer.rendered).toEqual([]);
  });

  it("renders the report the domain builds of the caller's request, named after it", async () => {
    const { renderer, useCase } = setup();
    expect(await useCase.execute(ACME, REQUEST)).toEqual({
      fileName: `candidate-request-${REQUEST}.pdf`,
      pdf: Buffer.from('%PDF'),
    });
    expect(renderer.rendered).toHaveLength(1);
  });

  it("answers 404 for another client's request, and for an id that is no uuid without reading", async () => {
    const { reads, renderer, useCase } = setup();
    await expect(useCase.execute(GLOBEX, REQUEST)).rejects.toBeInstanceOf(NotFoundError);
    await expect(useCase.execute(ACME, 'nope')).rejects.toBeInstanceOf(NotFoundError);
    expect(reads).toEqual([['globex']]);
    expect(renderer.rendered).toEqual([]);
  });
});
