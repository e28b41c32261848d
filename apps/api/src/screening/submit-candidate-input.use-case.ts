import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError, ProcessName, validateCandidateInput } from '@app/domain';
import { CandidateRequestRepository, PendingOutboxJob } from '@app/persistence';
import { OutboxPublisher, runProcessJobs } from '@app/platform';
import { DataSource } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { envelope, Envelope } from '../common/envelope';
import { invalidRequest } from '../common/validation';
import { CandidateInputDto } from './dto/candidate-input.dto';
import { CandidateInputAcceptedDto } from './dto/overview.dto';
import { isUuid } from './read-requests.use-case';

/** CONTRACT 4.2: what the candidate supplies resumes a process that waits for it. */
@Injectable()
export class SubmitCandidateInputUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly requests: CandidateRequestRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  async execute(
    user: AuthUser,
    requestId: string,
    processId: string,
    body: CandidateInputDto,
  ): Promise<Envelope<CandidateInputAcceptedDto>> {
    const process =
      isUuid(requestId) && isUuid(processId)
        ? await this.requests.findProcess(requestId, processId, user.clients)
        : null;
    if (!process) throw new NotFoundError('The candidate request or process was not found.');
    if (process.status !== 'Pendiente Candidato') throw notWaiting(process.status);
    const violations = validateCandidateInput(process.processName as ProcessName, body);
    if (violations.length > 0) throw invalidRequest(violations);

    const staged: PendingOutboxJob[] = [];
    const outcome = await this.dataSource.transaction(async (tx) => {
      const result = await this.requests.acceptCandidateInput(tx, requestId, processId, user.clients, body);
      if (result.kind === 'accepted')
        staged.push(
          ...(await this.outbox.stage(
            tx,
            runProcessJobs([{ id: processId, requestId, generation: result.generation }]),
          )),
        );
      return result;
    });
    if (outcome.kind === 'not-found')
      throw new NotFoundError('The candidate request or process was not found.');
    if (outcome.kind === 'not-waiting') throw notWaiting(outcome.status);
    void this.outbox.publishNow(staged);
    return envelope(
      { id: processId, processName: process.processName, status: 'En proceso' },
      'Candidate input accepted: the process is running.',
      202,
    );
  }
}

function notWaiting(status: string): ConflictError {
  return new ConflictError(`The process is not waiting for candidate input (status: ${status}).`);
}
