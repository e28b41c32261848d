import {
  assertWaitingForCandidate,
  blockedRequestRefusal,
  NotFoundError,
  ProcessName,
  ProcessStatus,
  resumeWithCandidateInput,
  validateCandidateInput,
} from '@app/domain';
import { CandidateRequestRepository } from '@app/persistence';
import { LifecycleSteps } from '@app/application';
import { AuthUser } from '../auth/auth-user';
import { invalidRequest } from '../common/validation';

import { CandidateInputAcceptedDto } from './dto/overview.dto';
import { isUuid } from './read-requests.use-case';

/** What a process waiting for the candidate's input receives: documents or references. */
export interface CandidateInputCommand {
  documents?: Array<{ type: string; fileName: string; sha256: string }>;
  references?: Array<{
    name?: string;
    phone?: string;
    relationship?: string;
    company?: string;
    contactName?: string;
    position?: string;
    startDate?: string;
    endDate?: string;
  }>;
}

/** docs/behaviour.md: what the candidate supplies resumes a process that waits for it. */
export class SubmitCandidateInputUseCase {
  constructor(
    private readonly requests: CandidateRequestRepository,
    private readonly steps: LifecycleSteps,
  ) {}

  async execute(
    user: AuthUser,
    requestId: string,
    processId: string,
    body: CandidateInputCommand,
  ): Promise<CandidateInputAcceptedDto> {
    const process =
      isUuid(requestId) && isUuid(processId)
        ? await this.requests.findProcess(requestId, processId, user.clients)
        : null;
    if (!process) throw new NotFoundError('The candidate request or process was not found.');
    if (process.blocked) throw blockedRequestRefusal();
    assertWaitingForCandidate(process.status as ProcessStatus);
    const violations = validateCandidateInput(process.processName as ProcessName, body);
    if (violations.length > 0) throw invalidRequest(violations);

    // Of concurrent submissions one resumes the process; the others, deciding again on the state
    // it wrote, hear it is no longer waiting (409).
    const applied = await this.steps.run(
      { requestId, clientIds: user.clients },
      (request) => resumeWithCandidateInput(request, processId),
      { candidateInput: { processId, input: body } },
      requestId,
    );
    // Not applied: the request went away meanwhile; blocked (docs/privacy.md) is the one way it can.
    if (!applied) throw blockedRequestRefusal();
    return { id: processId, processName: process.processName, status: 'En proceso' };
  }
}
