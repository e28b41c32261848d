import { api, state } from './support/helpers';

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('Bull Board at /admin/queues', () => {
  it('asks for the configured credentials', async () => {
    await api().get('/admin/queues').expect(401);
    await api().get('/admin/queues').set('Authorization', basic('qa', 'wrong')).expect(401);
  });

  it('shows the screening queue to QA', async () => {
    const { env } = state();
    const auth = basic(env.QUEUE_DASHBOARD_USER, env.QUEUE_DASHBOARD_PASSWORD);
    const page = await api().get('/admin/queues').set('Authorization', auth).expect(200);
    expect(page.text).toContain('<html');
    const queues = await api().get('/admin/queues/api/queues').set('Authorization', auth).expect(200);
    expect((queues.body.queues as Array<{ name: string }>).map((q) => q.name)).toContain('screening');
  });
});
