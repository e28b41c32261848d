jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { mediumDatabase } from '../medium/medium-database.fixture';
import { PrivacyNoticeRepository } from './privacy-notice.repository';

const db = mediumDatabase();

describe('PrivacyNoticeRepository (medium)', () => {
  let repo: PrivacyNoticeRepository;
  const notice = (version: string) => ({
    clientId: 'acme',
    version,
    url: `https://acme.example.com/aviso-${version}`,
    purposes: [{ name: 'Evaluar la idoneidad', kind: 'necessary' }],
    createdBy: 'demo@acme.test',
  });

  beforeAll(() => {
    repo = new PrivacyNoticeRepository(db.dataSource);
  });

  it('create: the new notice; null for a version the client has already', async () => {
    const { result, sql } = await db.record(() => repo.create(notice('2026-06')));
    expect(result).toEqual({
      id: expect.any(String),
      version: '2026-06',
      url: 'https://acme.example.com/aviso-2026-06',
      purposes: [{ name: 'Evaluar la idoneidad', kind: 'necessary' }],
      createdAt: expect.any(Number),
    });
    expect(await repo.create(notice('2026-01'))).toBeNull(); // the demo client's seeded notice
    expect(sql).toMatchSnapshot();
  });

  it('list and versions: newest first, one client only', async () => {
    const { result, sql } = await db.record(() => repo.list('acme'));
    expect(result.map((n) => n.version)).toEqual(['2026-06', '2026-01']);
    const versions = await db.record(() => repo.versions('globex'));
    expect(versions.result).toEqual(['2026-01']);
    expect({ list: sql, versions: versions.sql }).toMatchSnapshot();
  });
});
