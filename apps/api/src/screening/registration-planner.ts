import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  calendarDateIn,
  Consent,
  consentViolations,
  demandedConsentViolations,
  FieldViolation,
  normalizeRegistration,
  PersonType,
  planRegistration,
  ProcessName,
  processesForRegistration,
  recordedConsent,
  registrationTypeViolations,
  validateRegistration,
} from '@app/domain';
import { NewRegistration, OutboxJob, PackageRepository } from '@app/persistence';
import { APP_CONFIG, AppConfig } from '@app/platform';
import { runProcessJobs } from '@app/application';
import { NoticeVersions } from '../privacy/notice-versions';

/** A registration ready to be written: its rows and the jobs that start its processes. */
export interface PlannedRegistration {
  registration: NewRegistration;
  jobs: OutboxJob[];
}

export type RegistrationCheck = { violations: FieldViolation[] } | { planned: PlannedRegistration };

/**
 * One registration body, checked and planned the same way whether it came alone or in a batch:
 * its JSON types, its package (one of `clientIds`), then every rule on the fields that could be
 * read, all reported together; or, when nothing is wrong, its rows, events and jobs.
 */
@Injectable()
export class RegistrationPlanner {
  constructor(
    private readonly packages: PackageRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly noticeVersions: NoticeVersions,
  ) {}

  async check(
    body: Record<string, unknown>,
    clientIds: string[],
    createdBy: string,
  ): Promise<RegistrationCheck> {
    const typeViolations = registrationTypeViolations(body);
    const unreadable = new Set(typeViolations.map((v) => v.field));
    const input = normalizeRegistration({
      ...(body as Parameters<typeof normalizeRegistration>[0]),
      personType: unreadable.has('personType') ? undefined : (body.personType as PersonType | undefined),
    });
    const packageId = body.packageId as string;
    const pkg = unreadable.has('packageId') ? null : await this.packages.findForClients(packageId, clientIds);
    const now = Date.now();
    const violations: FieldViolation[] = [...typeViolations, ...consentViolations(body.consent, now)];
    if (!pkg && !unreadable.has('packageId'))
      violations.push({
        field: 'packageId',
        message: `Package "${packageId}" is not a package of your clients (see GET /packages).`,
      });
    if (pkg) violations.push(...demandedConsentViolations(body.consent, pkg.processes));
    violations.push(
      ...validateRegistration(input, {
        packageProcesses: (pkg?.processes ?? []) as ProcessName[],
        today: calendarDateIn(this.config.serviceTimezone, new Date()),
      }).filter((v) => !unreadable.has(v.field)),
    );
    const given = body.consent as Consent | undefined;
    const versions = pkg ? await this.noticeVersions.of(pkg.clientId) : [];
    if (given && typeof given.noticeVersion === 'string' && !versions.includes(given.noticeVersion))
      violations.push({
        field: 'consent.noticeVersion',
        message: `consent.noticeVersion "${given.noticeVersion}" is not a privacy notice of the client (see GET /privacy-notices).`,
      });
    if (violations.length > 0 || !pkg) return { violations };

    const requestId = randomUUID();
    const names = processesForRegistration(pkg.processes as ProcessName[], input.personType);
    const plan = planRegistration(
      requestId,
      pkg.id,
      names.map((name) => ({ id: randomUUID(), name })),
    );
    const queued = plan.processes.filter((p) => p.status === 'En proceso');
    return {
      planned: {
        registration: {
          requestId,
          clientId: pkg.clientId,
          packageId: pkg.id,
          createdBy,
          personType: input.personType,
          status: plan.requestStatus,
          candidate: { id: randomUUID(), ...input, nationality: input.nationality as string },
          consent: recordedConsent({
            given,
            currentNoticeVersion: versions[0] ?? null,
            registeredAt: now,
            expressByCandidate: input.consentNIP !== undefined,
          }),
          processes: plan.processes,
          events: plan.events,
        },
        jobs: runProcessJobs(queued.map((p) => ({ id: p.id, requestId, generation: 0 }))),
      },
    };
  }
}
