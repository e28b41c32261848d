import { kill, readState, stopRedis, waitForExit } from './stack';

export default async function globalTeardown(): Promise<void> {
  const state = readState();
  kill(state.apiPid);
  kill(state.processorPid);
  await Promise.all([waitForExit(state.apiPid), waitForExit(state.processorPid)]);
  stopRedis(state.redisPort);
}
