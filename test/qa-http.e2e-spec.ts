import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, state } from './support/helpers';
import { parseHttpFile, substitute } from './support/http-file';
import { Receiver } from './support/webhooks';

describe('docs/qa.http', () => {
  it('walks through the whole flow as written, every step answering its expected status', async () => {
    const { variables, requests } = parseHttpFile(
      readFileSync(join(__dirname, '..', 'docs', 'qa.http'), 'utf8'),
    );
    expect(requests.length).toBeGreaterThanOrEqual(10);
    // The walkthrough's webhook endpoint points at a real receiver of this test.
    const receiver = await Receiver.start();
    const vars = { ...variables, baseUrl: '', webhookUrl: receiver.url };
    const answers: Record<string, { status: number; body: unknown }> = {};
    for (const request of requests) {
      const url = substitute(request.url, vars, answers);
      let call = api()[request.method.toLowerCase() as 'get' | 'post'](url);
      for (const [key, value] of Object.entries(request.headers))
        call = call.set(key, substitute(value, vars, answers));
      if (request.body) call = call.send(substitute(request.body, vars, answers));
      const response = await call;
      answers[request.name] = { status: response.status, body: response.body };
      const expected = request.expect;
      expect({ step: request.name, status: response.status }).toEqual({
        step: request.name,
        status: expected ?? expect.any(Number),
      });
      if (expected === undefined) expect(response.status).toBeLessThan(300);
    }
    expect(state().apiPort).toBeGreaterThan(0);
    await receiver.close();
  });
});
