import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { eventually, state } from './support/helpers';
import { servedDocument } from './support/openapi';

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
  await open(block);
  for (const [name, value] of Object.entries(pathParams))
    await block.locator(`tr[data-param-name="${name}"] input`).first().fill(value);
  await block.locator('button.execute').click();
  const status = block.locator('.live-responses-table tr.response .response-col_status').first();
  await status.waitFor({ timeout: 20_000 });
  const body =
    (await block.locator('.live-responses-table .response-col_description pre').first().textContent()) ?? '';
  return { status: ((await status.textContent()) ?? '').trim(), body };
}

/**
 * Expands an operation's block until it shows its Execute button. A click while the page is still
 * rendering its operations (after a reload, on a busy machine) can be lost: click the summary again
 * whenever the block is still closed, until a deadline.
 */
async function open(block: Locator): Promise<void> {
  const button = block.locator('button.execute');
  const deadline = Date.now() + 90_000;
  while (!(await button.isVisible())) {
    if (Date.now() > deadline) throw new Error('The operation never showed its Execute button');
    if (!(await block.evaluate((element) => element.classList.contains('is-open'))))
      await block.locator('.opblock-summary').first().click();
    await button.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
}

/** The tags Swagger UI shows, in its order. */
function shownTags(): Promise<string[]> {
  return page
    .locator('.swagger-ui h3.opblock-tag')
    .evaluateAll((headings) => headings.map((h) => h.getAttribute('data-tag') ?? ''));
}

/** The Authorize button once the page holds a token. */
const locked = () => page.locator('.swagger-ui .auth-wrapper button.authorize.locked');

describe('Swagger UI in a real browser', () => {
  it('shows the tags in the order the document declares them, with a filter box over them', async () => {
    await page.goto(`http://127.0.0.1:${state().apiPort}/docs`);
    await page.locator('.swagger-ui .information-container').waitFor();
    const all = await shownTags();
    const declared = ((await servedDocument()) as unknown as { tags: Array<{ name: string }> }).tags;
    expect(all).toEqual(declared.map((tag) => tag.name));

    const filter = page.locator('.swagger-ui input.operation-filter-input');
    await filter.fill('legal');
    await eventually(async () => ((await shownTags()).join() === 'Legal records' ? true : undefined));
    await filter.fill('');
    await eventually(async () => ((await shownTags()).length === all.length ? true : undefined));
  });

  it('signs in with the example, which authorizes the page, then runs the registration, search and batch examples and downloads a report', async () => {
    await page.goto(`http://127.0.0.1:${state().apiPort}/docs`);
    await page.locator('.swagger-ui .information-container').waitFor();
    expect(await page.locator('.swagger-ui .auth-wrapper button.authorize.unlocked').count()).toBe(1);

    const signIn = await execute('signIn');
    expect(signIn.status).toBe('200');
    expect((JSON.parse(signIn.body) as { accessToken: string }).accessToken).toMatch(/^ey/);
    // No Authorize dialog: the sign-in answer authorized the page.
    await locked().waitFor({ timeout: 5_000 });

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

    // The authorization outlives a reload.
    await page.reload();
    await page.locator('.swagger-ui .information-container').waitFor();
    await locked().waitFor({ timeout: 5_000 });
    const packages = await execute('listPackages');
    expect(packages.status).toBe('200');
    // Six operations run in a browser that shares the machine with the stack (and, under `npm test`,
    // with the other e2e half and the unit specs): more than the default minute when it is busy.
  }, 180_000);
});
