import { ForbiddenError, NotFoundError, RETENTION_DEFAULTS, RetentionSettings } from '@app/domain';
import type { RetentionRepository } from '@app/persistence';
import { AuthUser } from '../auth/auth-user';
import { testUser } from '../auth/test-users.fixture';
import { RetentionSettingsUseCase, type UpdateRetentionSettingsCommand } from './retention-settings.use-case';

const ADMIN: AuthUser = testUser({
  userId: 'u-1',
  client: 'acme',
  clients: ['acme', 'globex'],
  sessionId: 's-1',
});

/** The client table's two columns in memory; a change reads the current row and writes what it decides. */
class InMemoryClients {
  readonly rows = new Map<string, RetentionSettings>([
    ['acme', { ...RETENTION_DEFAULTS }],
    ['globex', { activeDays: 90, blockedDays: 0 }],
  ]);

  async settings(clientId: string) {
    return this.rows.get(clientId) ?? null;
  }

  async changeSettings(clientId: string, change: (current: RetentionSettings) => RetentionSettings) {
    const current = this.rows.get(clientId);
    if (!current) return null;
    this.rows.set(clientId, change(current));
    return this.rows.get(clientId)!;
  }
}

function setup() {
  const clients = new InMemoryClients();
  return { clients, useCase: new RetentionSettingsUseCase(clients as unknown as RetentionRepository) };
}

const change = (body: object) => body as UpdateRetentionSettingsCommand;

describe('RetentionSettingsUseCase', () => {
  it("answers the caller's default client's settings, or those of the client named", async () => {
    const { useCase } = setup();
    expect(await useCase.read(ADMIN)).toEqual({ activeDays: 365, blockedDays: 730 });
    expect(await useCase.read(ADMIN, 'globex')).toEqual({ activeDays: 90, blockedDays: 0 });
  });

  it('changes the fields given and keeps the others', async () => {
    const { clients, useCase } = setup();
    expect(await useCase.change(ADMIN, change({ activeDays: 30 }))).toEqual({
      activeDays: 30,
      blockedDays: 730,
    });
    expect(await useCase.change(ADMIN, change({ blockedDays: 10 }))).toEqual({
      activeDays: 30,
      blockedDays: 10,
    });
    expect(await useCase.change(ADMIN, change({ activeDays: 60, blockedDays: 0 }), 'globex')).toEqual({
      activeDays: 60,
      blockedDays: 0,
    });
    expect(clients.rows.get('acme')).toEqual({ activeDays: 30, blockedDays: 10 });
  });

  it('answers 403 for a client that is not the caller’s, and 404 for a client gone meanwhile', async () => {
    const { clients, useCase } = setup();
    await expect(useCase.read(ADMIN, 'initech')).rejects.toBeInstanceOf(ForbiddenError);
    await expect(useCase.change(ADMIN, change({ activeDays: 30 }), 'initech')).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    clients.rows.delete('globex');
    await expect(useCase.read(ADMIN, 'globex')).rejects.toBeInstanceOf(NotFoundError);
  });
});
