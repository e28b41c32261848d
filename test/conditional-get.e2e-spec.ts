/**
 * The polled reads' validators (docs/integrators.md, "Polling"): the overview and the process
 * detail answer `ETag`; the same `If-None-Match` answers 304 without a body while nothing changed,
 * and a change gives a new tag.
 */
import { api, signedIn } from './support/helpers';
import {
  byName,
  candidate,
  DOCUMENTS,
  fullCandidate,
  register,
  settled,
  waitForOverview,
} from './support/screening';

const acme = signedIn('demo@acme.test');

describe('ETag and If-None-Match', () => {
  it('answer 304 with no body while the overview and the process detail stay the same', async () => {
    const uuid = await register(acme, candidate());
    const view = await waitForOverview(acme, uuid, settled, 60_000);
    const path = `/candidate-requests/${uuid}`;
    const first = await api().get(path).set(acme.auth).expect(200);
    expect(first.headers.etag).toMatch(/^W\/"/);
    const again = await api().get(path).set(acme.auth).set('If-None-Match', first.headers.etag).expect(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    await api().get(path).set(acme.auth).set('If-None-Match', 'W/"something else"').expect(200);

    const detailPath = `${path}/processes/${byName(view, 'Peps').id}`;
    const detail = await api().get(detailPath).set(acme.auth).expect(200);
    await api().get(detailPath).set(acme.auth).set('If-None-Match', detail.headers.etag).expect(304);
    // Another representation (detail=true adds rawDetails) has its own tag.
    const raw = await api().get(detailPath).query({ detail: 'true' }).set(acme.auth).expect(200);
    expect(raw.headers.etag).not.toBe(detail.headers.etag);
  });

  it('gives a new tag when the request changes, and none to other reads', async () => {
    // Documentos waits for the candidate: supplying the documents changes the overview for sure.
    const uuid = await register(acme, fullCandidate());
    const waiting = await waitForOverview(acme, uuid, settled, 60_000);
    const before = await api().get(`/candidate-requests/${uuid}`).set(acme.auth).expect(200);
    await api()
      .post(`/candidate-requests/${uuid}/processes/${byName(waiting, 'Documentos').id}/candidate-input`)
      .set(acme.auth)
      .send(DOCUMENTS)
      .expect(202);
    const after = await api()
      .get(`/candidate-requests/${uuid}`)
      .set(acme.auth)
      .set('If-None-Match', before.headers.etag)
      .expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const list = await api().get('/candidate-requests').set(acme.auth).expect(200);
    expect(list.headers.etag).toBeUndefined();
  });
});
