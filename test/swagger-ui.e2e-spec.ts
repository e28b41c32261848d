import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { state } from './support/helpers';

const ARTIFACTS = join(__dirname, 'artifacts');

let browser: Browser;
let page: Page;

// The first launch on a machine also unpacks the packaged Chromium: allow it more than a minute.
beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * Expands an operation, fills its path parameters, runs its (pre-filled) example and answers the
 * status Swagger UI shows.
 */
async function execute(
  operationId: string,
  pathParams: Record<string, string> = {},
): Promise<{ status: string; body: string }> {
  const block = page.locator(`[id$="-${operationId}"]`).first();
  await block.locator('.opblock-summary').first().click();
  for (const [name, value] of Object.entries(pathParams))
    await block.locator(`tr[data-param-name="${name}"] input`).first().fill(value);
  await block.locator('button.execute').click();
  const status = block.locator('.live-responses-table tr.response .response-col_status').first();
  await status.waitFor({ timeout: 20_000 });
  const body =
    (await block.locator('.live-responses-table .response-col_description pre').first().textContent()) ?? '';
  return { status: ((await status.textContent()) ?? '').trim(), body };
}

describe('Swagger UI in a real browser', () => {
  it('signs in with the example, authorizes, runs the registration, search and batch examples and downloads a report', async () => {
    await page.goto(`http://127.0.0.1:${state().apiPort}/docs`);
    await page.locator('.swagger-ui .information-container').waitFor();

    const signIn = await execute('signIn');
    expect(signIn.status).toBe('200');
    const token = (JSON.parse(signIn.body) as { accessToken: string }).accessToken;
    expect(token).toMatch(/^ey/);

    await page.locator('button.authorize').first().click();
    await page.locator('.modal-ux input[type="text"]').fill(token);
    await page.locator('.modal-ux .auth-btn-wrapper button.authorize').click();
    await page.locator('.modal-ux button.btn-done').click();

    const registration = await execute('createCandidateRequest');
    expect(registration.status).toBe('202');
    expect(JSON.parse(registration.body)).toEqual(
      expect.objectContaining({ status: 'Pending', packageId: 'PKG-ACME-BASIC' }),
    );
    mkdirSync(ARTIFACTS, { recursive: true });
    // Centre the live 202 answer (status and body) on the screenshot.
    await page
      .locator('[id$="-createCandidateRequest"] .live-responses-table')
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(ARTIFACTS, 'swagger-registration-202.png'), fullPage: false });

    const search = await execute('createLegalSearch');
    expect(search.status).toBe('200');
    expect(JSON.parse(search.body).data.meta.cap.truncated).toBe(true);

    const batch = await execute('createCandidateRequestBatch');
    expect(batch.status).toBe('202');
    expect(JSON.parse(batch.body)).toEqual(expect.objectContaining({ accepted: 2, rejected: 1 }));

    // The report of the request registered above: Swagger UI offers the PDF as a download.
    const uuid = (JSON.parse(registration.body) as { uuid: string }).uuid;
    const report = await execute('getCandidateRequestReport', { uuid });
    expect(report.status).toBe('200');
    await page
      .locator('[id$="-getCandidateRequestReport"] .live-responses-table a[download]')
      .first()
      .waitFor({ timeout: 10_000 });
  });
});
