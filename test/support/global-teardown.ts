import { kill, MAIL_CATCHER_GLOBAL, MailCatcher, readState, stopRedis, waitForExit } from './stack';

export default async function globalTeardown(): Promise<void> {
  const state = readState();
  kill(state.apiPid);
  kill(state.processorPid);
  await Promise.all([waitForExit(state.apiPid), waitForExit(state.processorPid)]);
  stopRedis(state.redisPort);
  // After the apps: a mail they send while stopping still finds the catcher.
  await ((globalThis as Record<string, unknown>)[MAIL_CATCHER_GLOBAL] as MailCatcher | undefined)?.close();
}
