import type { ArcoRight, DomainEvent } from '@app/domain';
import type { DueSoonRequest } from '@app/persistence';
import { AnnounceDueSoonUseCase } from './announce-due-soon.use-case';

/** Open requests with their due-soon date, announced once each as the conditional UPDATE does. */
class InMemoryPrivacyRequests {
  readonly rows = [
    {
      id: 'p-due',
      clientId: 'acme',
      right: 'access',
      dueSoonDate: '2026-03-02',
      status: 'open',
      announced: false,
    },
    {
      id: 'p-later',
      clientId: 'acme',
      right: 'opposition',
      dueSoonDate: '2026-03-03',
      status: 'open',
      announced: false,
    },
    {
      id: 'p-resolved',
      clientId: 'acme',
      right: 'access',
      dueSoonDate: '2026-02-01',
      status: 'resolved',
      announced: false,
    },
    {
      id: 'p-globex',
      clientId: 'globex',
      right: 'cancellation',
      dueSoonDate: '2026-02-27',
      status: 'open',
      announced: false,
    },
  ];
  readonly events: Array<{ clientId: string; event: DomainEvent }> = [];
  readonly todays: string[] = [];

  async announceDueSoon(today: string, events: (due: DueSoonRequest) => DomainEvent[]) {
    this.todays.push(today);
    const due = this.rows.filter((r) => r.status === 'open' && !r.announced && r.dueSoonDate <= today);
    for (const row of due) {
      row.announced = true;
      for (const event of events({ ...row, right: row.right as ArcoRight }))
        this.events.push({ clientId: row.clientId, event });
    }
    return due.map(({ id, clientId, right }) => ({ id, clientId, right: right as ArcoRight }));
  }
}

/** 05:00 UTC on 3 March 2026 is still 2 March in Mexico City (UTC-6). */
const NOW = Date.UTC(2026, 2, 3, 5, 0, 0);

describe('AnnounceDueSoonUseCase', () => {
  it("announces the open requests whose due-soon date is today's in the service time zone or before, once each", async () => {
    const store = new InMemoryPrivacyRequests();
    const useCase = new AnnounceDueSoonUseCase(store, { serviceTimezone: 'America/Mexico_City' });
    const announced = await useCase.execute(NOW);
    expect(store.todays).toEqual(['2026-03-02']);
    expect(announced.map((r) => r.id)).toEqual(['p-due', 'p-globex']);
    expect(store.events).toEqual([
      {
        clientId: 'acme',
        event: { type: 'privacy_request.due_soon', data: { privacyRequestId: 'p-due', right: 'access' } },
      },
      {
        clientId: 'globex',
        event: {
          type: 'privacy_request.due_soon',
          data: { privacyRequestId: 'p-globex', right: 'cancellation' },
        },
      },
    ]);
    expect(await useCase.execute(NOW)).toEqual([]);
    expect(store.events).toHaveLength(2);
  });

  it('announces the next day what falls due then', async () => {
    const store = new InMemoryPrivacyRequests();
    const useCase = new AnnounceDueSoonUseCase(store, { serviceTimezone: 'America/Mexico_City' });
    await useCase.execute(NOW);
    const nextDay = await useCase.execute(NOW + 86_400_000);
    expect(nextDay.map((r) => r.id)).toEqual(['p-later']);
  });
});
