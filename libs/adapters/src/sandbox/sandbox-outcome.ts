import {
  CandidateIdentity,
  FinalResult,
  ProcessName,
  ProcessSummary,
  ProviderContext,
  ProviderProcessName,
} from '@app/domain';
import { SANDBOX_ANSWERS, SANDBOX_LIST_ANSWER, SandboxAnswer } from './sandbox-answers';
import { dice, riskFromRoll } from './sandbox-dice';

export { stableHash } from './sandbox-dice';

export interface SandboxOutcome {
  result: FinalResult;
  summary: ProcessSummary | object;
  payload: Record<string, unknown>;
}

/**
 * The sandbox provider's answer for one process: the same candidate always gets the same answer,
 * different candidates get varied, plausible ones.
 */
export function sandboxOutcome(
  processName: ProcessName,
  candidate: CandidateIdentity,
  extra: ProviderContext = {},
): SandboxOutcome {
  const roll = dice(candidate, processName);
  const risk = riskFromRoll(roll());
  const level = ['Aprobado', 'Riesgo Bajo', 'Riesgo Medio', 'Riesgo Alto'].indexOf(risk); // 0..3
  // The list processes answer from the lists' files (watch-lists/); the sandbox only stands in for
  // them in a benchmark's baseline.
  const answerOf =
    (SANDBOX_ANSWERS[processName as ProviderProcessName] as SandboxAnswer | undefined) ?? SANDBOX_LIST_ANSWER;
  const answer = answerOf({ roll, level, risk, context: extra });
  const { summary } = answer;
  const result = answer.result ?? risk;
  return {
    result,
    summary,
    payload: { process: processName, decision: result, evidence: summary, scoreRoll: Number(level) },
  };
}
