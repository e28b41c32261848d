import { ProcessState } from './process-lifecycle';

/** A queued Peps process, with `overrides`: the process state the lifecycle and overview specs start from. */
export const processState = (overrides: Partial<ProcessState> = {}): ProcessState => ({
  name: 'Peps',
  status: 'En proceso',
  result: 'Pendiente',
  startDate: null,
  endDate: null,
  ...overrides,
});
