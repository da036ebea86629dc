// The demo used as a person uses it, in a real Chromium (playwright-core): the fake Slack's web client with
// the real app (HTTP mode, signed requests) and the emulator behind it. `/dub` a link, pick two languages on
// the card, Start, watch the status messages edit, Review, edit a line, Save, Render again at its price,
// Approve (the reply marked approved); App Home with each item's action, Review pressed there; a dropped video
// file; a modal's validation error under its input; an outsider's click refused; #marketing set on autopilot in
// the settings dialog, and a link posted there dubbed by itself; the second workspace, Globex, switched to and
// installed from its "Add to Slack" through the app's install page and the local Slack's authorize page, its
// own dubbing account connected, a dub there, and none of Acme's jobs in its App Home or `/dub list`.
// Every page the person sees is also checked against Slack's limits by the client: a breach fails the test.
// Each step's screenshot goes to test-results/browser/ (not committed).
import { mkdirSync, readFileSync } from 'node:fs';
import { dropFiles, type LaunchedBrowser, launchChromium } from '@dubkit/slack-sandbox/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStage } from './stage.ts';
import { postWelcome } from './web.ts';
import {
  ACME,
  ANA,
  BEN,
  GINA,
  GLOBEX,
  GLOBEX_ACCOUNT,
  LAUNCH,
  LOCALIZATION,
  MARKETING,
  OMAR,
  VIDEO,
} from './workspace.ts';

type Page = Awaited<ReturnType<LaunchedBrowser['context']['newPage']>>;

const SHOTS = new URL('../test-results/browser/', import.meta.url);
const WAIT_MS = 20_000;
const TEST_MS = 90_000;

/** A screenshot once the emoji the page needs are loaded. */
async function screenshot(page: Page, name: string) {
  await page.evaluate('document.fonts.ready');
  await page.screenshot({ path: new URL(`${name}.png`, SHOTS).pathname });
}

/** Types `/dub <link> to es` in the open channel, opens the card's thread and waits for the Spanish dub there. */
async function dubIntoSpanish(page: Page, link: string) {
  await page.locator('.channel-pane .composer-input').fill(`/dub ${link} to es`);
  await page.keyboard.press('Enter');
  await page.locator('article.message .replies').filter({ hasText: /repl/ }).first().click();
  await page
    .locator('[data-pane="thread"] article.message')
    .filter({ hasText: 'Spanish dub ready' })
    .waitFor({ timeout: 40_000 });
}

describe('the demo in a real browser', () => {
  let stage: Awaited<ReturnType<typeof demoStage>>;
  let browser: LaunchedBrowser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [stage, browser] = await Promise.all([
      demoStage({ mode: 'http', web: true, speed: 40 }),
      launchChromium(),
    ]);
    await postWelcome(stage);
    page = await browser.context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 60_000);

  afterAll(async () => {
    expect(pageErrors).toEqual([]);
    await browser?.close();
    await stage?.close();
  });

  /** Opens the workspace as `user` in a channel, and waits for its messages. */
  async function openAs(user: string, channel = LOCALIZATION) {
    await page.goto(`${stage.web?.url}/#user=${user}&channel=${channel}`);
    await page.reload();
    await page.locator('.channel-name').waitFor();
  }

  const shot = (name: string) => screenshot(page, name);
  const thread = () => page.locator('[data-pane="thread"]');
  const modal = () => page.locator('.dialog.modal');

  /** Nothing the app sent so far breaks Slack's limits (the client marks every breach). */
  async function withinLimits() {
    expect(await page.locator('[data-limit-problems]').allTextContents()).toEqual([]);
  }

  it(
    'dubs a link into two languages, reviews, renders again at its price and approves',
    async () => {
      await openAs(ANA);
      await page.getByText('Welcome to the dubkit demo.').waitFor();
      await shot('00-welcome');
      await page
        .locator('.channel-pane .composer-input')
        .fill('/dub https://www.youtube.com/watch?v=dubkit-browser');
      await page.keyboard.press('Enter');
      const picker = page
        .locator('article.message')
        .filter({ has: page.getByRole('button', { name: 'Start' }) });
      // The card stays where it is once started (its buttons change): followed by its ts.
      const card = page.locator(
        `.channel-pane article.message[data-ts="${await picker.getAttribute('data-ts')}"]`,
      );
      const languages = card.locator('.multi-select .multi-add');
      await languages.selectOption('es');
      await languages.selectOption('de');
      await expect
        .poll(() => card.locator('.chip').allTextContents())
        .toEqual([expect.stringContaining('Spanish'), expect.stringContaining('German')]);
      await shot('01-card-picked');
      await card.getByRole('button', { name: 'Start' }).click();

      // The status messages, one per language, are edited in place as the dub goes on.
      await card.locator('.replies').click();
      await thread()
        .locator('article.message')
        .filter({ hasText: 'Spanish —' })
        .locator('.edited')
        .first()
        .waitFor();
      await shot('02-status-edited');
      const review = thread()
        .getByRole('button', { name: /Review/ })
        .first();
      await review.waitFor({ timeout: 40_000 });
      await expect.poll(() => thread().locator('.file').count(), { timeout: 40_000 }).toBe(4);
      await shot('03-dubbed');
      // The subtitle file downloads from the page as a person would save it.
      const srt = thread().locator('a.file').filter({ hasText: '.es.srt' }).first();
      const download = await page.request.get(`${stage.web?.url}${await srt.getAttribute('href')}`);
      expect(await download.text()).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> /);
      await withinLimits();

      await review.click();
      await modal().waitFor();
      await modal().locator('.modal-title').filter({ hasText: 'Review' }).waitFor();
      const line = modal()
        .locator('[data-block-type="input"] textarea, [data-block-type="input"] input.text-input')
        .first();
      await line.fill('Hola, editado desde el navegador.');
      await shot('04-review-edit');
      await modal().locator('.modal-submit').click();
      await modal().getByText(/Saved/).waitFor();
      await modal().locator('.modal-x').click();
      await modal().waitFor({ state: 'detached' });

      const summary = thread().locator('article.message').filter({ hasText: 'edited 1 segment' });
      await summary.waitFor();
      await summary.getByRole('button', { name: /Render again/ }).click();
      await modal()
        .getByText(/It will use about 1 minute of/)
        .waitFor();
      await shot('05-render-price');
      await modal().locator('.modal-submit').click();
      await modal()
        .getByText(/Rendering again/)
        .waitFor();
      await modal().locator('.modal-x').click();

      // The render's new files, then Approve on the Spanish reply: QA flags are open (the emulator's translation
      // reads too fast), so it asks first, naming them; Approve anyway approves, and the status message says who.
      await expect.poll(() => thread().locator('.file').count(), { timeout: 40_000 }).toBe(6);
      const spanish = thread().locator('article.message').filter({ hasText: 'Spanish dub ready' }).last();
      await spanish.getByRole('button', { name: 'Approve' }).click();
      await modal()
        .getByText(/Spanish has \d+ open QA flags?/)
        .waitFor();
      await shot('06-approve-anyway');
      await modal().locator('.modal-submit').click();
      // The status message says who approved, and so does the approved render's reply, for good: its Approve
      // and Request changes are gone.
      await thread()
        .getByText(/Render \d+ approved by @Ana/)
        .first()
        .waitFor();
      await spanish.getByText(/✅ Approved by @Ana.* · render \d+/).waitFor();
      expect(await spanish.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      expect(await spanish.getByRole('button', { name: 'Request changes' }).count()).toBe(0);
      await thread()
        .getByText(/You approved render \d+ of Spanish/)
        .waitFor();
      // The whole thread in one picture, from the card to the approval.
      await page.setViewportSize({ width: 1280, height: 2200 });
      await thread().evaluate('(list) => { list.scrollTop = 0; }');
      await shot('06-approved-thread');
      await page.setViewportSize({ width: 1280, height: 800 });
      await withinLimits();

      // App Home: the job, Spanish approved by Ana, German waiting for review, with its thread's link.
      await page.locator('[data-app-home]').click();
      await page
        .locator('.home-view')
        .getByText(/Spanish: ✅ approved by @Ana/)
        .first()
        .waitFor();
      await page
        .locator('.home-view')
        .getByText(/German: ⏳ dubbed, waiting for review/)
        .first()
        .waitFor();
      await page.locator('.home-view').getByText('Open thread').first().waitFor();
      await shot('07-app-home');
      await withinLimits();

      // Ben's Home: German, someone else's dubbed language nobody reviewed, waits for him, with its thread's link
      // and Review, which opens the review from Home.
      await openAs(BEN);
      await page.locator('[data-app-home]').click();
      await page.locator('.home-view').getByText('Waiting for you (1)').waitFor();
      await shot('07-app-home-reviewer');
      await page.locator('.home-view').getByRole('button', { name: 'Review' }).click();
      await modal().getByText('Translation').first().waitFor();
      await withinLimits();
      await modal().locator('.modal-x').click();
      await openAs(ANA);
    },
    TEST_MS,
  );

  it(
    'dubs a video file dropped on the message box',
    async () => {
      await openAs(BEN);
      const video = readFileSync(new URL('../fixtures/talk.mp4', import.meta.url));
      await dropFiles(page, '.channel-pane .composer', [
        { name: 'launch-teaser.mp4', mimeType: 'video/mp4', content: video },
      ]);
      await page.locator('.channel-pane .pending-file').waitFor();
      await page.locator('.channel-pane .composer-input').fill('Our launch teaser, for the Spanish team');
      await page.locator('.channel-pane .send').click();
      const shared = page.locator('article.message').filter({ hasText: 'launch-teaser.mp4' });
      await shared.waitFor();
      // The app answers in the file's thread with the job card.
      await shared.locator('.replies').filter({ hasText: /repl/ }).click();
      await thread().getByRole('button', { name: 'Start' }).waitFor();
      await shot('08-dropped-file');
      await withinLimits();
    },
    TEST_MS,
  );

  it(
    'shows the modal’s validation error under its input',
    async () => {
      await openAs(BEN);
      await page.locator('.channel-pane .composer-input').fill('New cut: https://vimeo.com/dubkit-new-cut');
      await page.keyboard.press('Enter');
      const message = page.locator('article.message').filter({ hasText: 'vimeo.com/dubkit-new-cut' }).last();
      await message.locator('.message-menu .overflow-toggle').click();
      await message.getByRole('button', { name: 'Dub this video' }).click();
      await modal().waitFor();
      await modal().locator('.modal-submit').click();
      const error = modal().locator('.input-error');
      await error.waitFor();
      expect(await error.textContent()).not.toBe('');
      await shot('09-modal-error');
      await modal().locator('.modal-x').click();
    },
    TEST_MS,
  );

  it(
    'refuses the click of someone outside the channel, and tells only them',
    async () => {
      await openAs(ANA);
      await page.locator('.channel-pane .composer-input').fill('/dub https://vimeo.com/dubkit-members-only');
      await page.keyboard.press('Enter');
      const card = page
        .locator('article.message')
        .filter({ hasText: 'vimeo.com/dubkit-members-only' })
        .filter({ has: page.getByRole('button', { name: 'Start' }) });
      await card.waitFor();
      // Omar takes the keyboard: he can read the public channel, not act in it.
      await page.locator('.user-switcher').selectOption(OMAR);
      await page.locator('.preview-badge').waitFor();
      // The private channel is not even listed for him.
      expect(await page.locator(`[data-channel="${LAUNCH}"]`).count()).toBe(0);
      await card.getByRole('button', { name: 'Start' }).click();
      const refusal = page.locator('article.ephemeral');
      await refusal.waitFor();
      await shot('10-outsider-refused');
      const said = await refusal.textContent();
      // Ana, a member, does not see what Omar was told.
      await openAs(ANA);
      await page.locator('article.message').first().waitFor();
      expect(await page.locator('article.ephemeral').allTextContents()).not.toContain(said);
    },
    TEST_MS,
  );
  it(
    'sets #marketing on autopilot in the settings dialog, and a link posted there is dubbed by itself',
    async () => {
      await openAs(ANA, MARKETING);
      await page.locator('.channel-pane .composer-input').fill('/dub settings');
      await page.keyboard.press('Enter');
      await modal().waitFor();
      await modal().locator('[data-block-id="st_autopilot_langs"] .multi-add').selectOption('es');
      await modal().locator('[data-block-id="st_autopilot_cap"] input.text-input').fill('60');
      await shot('11-autopilot-settings');
      await modal().locator('.modal-submit').click();
      await page
        .getByText('changed this channel’s settings: autopilot dubs every video posted here')
        .waitFor();
      await page.locator('.channel-pane .composer-input').fill('Episode 12: https://vimeo.com/dubkit-weekly');
      await page.keyboard.press('Enter');
      const posted = page.locator('article.message').filter({ hasText: 'vimeo.com/dubkit-weekly' }).last();
      await posted.locator('.replies').filter({ hasText: /repl/ }).click();
      await thread().getByText('started on autopilot').waitFor();
      await thread()
        .locator('article.message')
        .filter({ hasText: 'Spanish dub ready' })
        .waitFor({ timeout: 40_000 });
      await shot('12-autopilot-dubbed');
      await withinLimits();
    },
    TEST_MS,
  );
});

describe('the demo’s second workspace in a real browser', () => {
  let stage: Awaited<ReturnType<typeof demoStage>>;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    [stage, browser] = await Promise.all([
      demoStage({ mode: 'http', web: true, speed: 40 }),
      launchChromium(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await stage?.close();
  });

  it(
    'switches to Globex, installs the app there from Add to Slack, dubs on Globex’s own account and shows none of Acme’s jobs',
    async () => {
      const page = await browser.context.newPage();
      page.setDefaultTimeout(WAIT_MS);
      const modal = () => page.locator('.dialog.modal');
      // One of Acme's dubs first, so that there is something of Acme's for Globex not to see.
      await stage
        .acme()
        .command({ channel: LOCALIZATION, user: ANA, text: 'https://vimeo.com/acme-only to es' });
      await page.goto(`${stage.web?.url}/#user=${ANA}&channel=${LOCALIZATION}`);
      await page.locator('.channel-name').waitFor();
      expect(await page.locator('.install-banner').count()).toBe(0);

      await page.locator('.workspace-switcher').selectOption(GLOBEX.id);
      await page.locator('.channel-name').filter({ hasText: 'video' }).waitFor();
      expect(await page.locator('.user-switcher').inputValue()).toBe(GINA);
      const addToSlack = page.locator('.install-banner a.add-to-slack');
      expect(await addToSlack.getAttribute('href')).toBe(stage.installUrl());
      await screenshot(page, '13-globex-add-to-slack');

      // The install in a tab of its own, as a browser goes through it: the app's page, Slack's, and back.
      const [tab] = await Promise.all([browser.context.waitForEvent('page'), addToSlack.click()]);
      await tab.getByRole('link', { name: 'Add to Slack' }).click();
      await tab.getByRole('link', { name: GLOBEX.name }).click();
      await tab.getByRole('heading', { name: 'dubkit is installed' }).waitFor();
      expect(await tab.locator('body').textContent()).toContain(`the workspace ${GLOBEX.name}`);
      await tab.close();
      // The page learns of the install: its "Add to Slack" is gone.
      await page.locator('.install-banner').waitFor({ state: 'detached' });

      // Gina, an admin, connects Globex's own dubbing account.
      await page.locator('.channel-pane .composer-input').fill('/dub connect');
      await page.keyboard.press('Enter');
      await modal().locator('[data-block-id="dubbing_token"] input.text-input').fill(GLOBEX_ACCOUNT.token);
      await modal().locator('.modal-submit').click();
      await modal().getByText(`${GLOBEX_ACCOUNT.minutes} minutes left`, { exact: false }).waitFor();
      await modal().locator('.modal-x').click();

      await dubIntoSpanish(page, 'https://vimeo.com/globex-browser');
      // Gina's Home: the dub, and the minutes of Globex's own account (Acme's is the deployment's).
      await page.locator('[data-app-home]').click();
      const home = page.locator('.home-view');
      await home.getByText('vimeo.com/globex-browser').first().waitFor();
      await home.getByText(`of ${GLOBEX_ACCOUNT.minutes} minutes used`).waitFor();
      expect(await home.textContent()).not.toContain('acme-only');
      await screenshot(page, '14-globex-home');
      await page.locator(`[data-channel="${VIDEO}"]`).click();
      await page.locator('.channel-pane .composer-input').fill('/dub list');
      await page.keyboard.press('Enter');
      const list = page.locator('article.ephemeral').filter({ hasText: 'Dubs in your channels' });
      await list.getByText('vimeo.com/globex-browser').waitFor();
      expect(await list.textContent()).not.toContain('acme-only');

      // Back in Acme, its own dub is there and Globex's is not.
      await page.locator('.workspace-switcher').selectOption(ACME.id);
      await page.locator('.channel-name').filter({ hasText: 'localization' }).waitFor();
      await page.getByText('vimeo.com/acme-only').first().waitFor();
      expect(await page.getByText('globex-browser').count()).toBe(0);
    },
    TEST_MS,
  );
});

describe('the demo in a real browser, the app in Socket Mode', () => {
  it(
    'dubs a link typed in the page, the app answering over its WebSocket',
    async () => {
      const stage = await demoStage({ mode: 'socket', web: true, speed: 40 });
      const browser = await launchChromium();
      try {
        const page = await browser.context.newPage();
        page.setDefaultTimeout(WAIT_MS);
        await page.goto(`${stage.web?.url}/#user=${ANA}&channel=${LOCALIZATION}`);
        await dubIntoSpanish(page, 'https://vimeo.com/dubkit-socket');
        expect(
          stage.slack.socketMode.envelopes.some((e) => e.envelope.type === 'slash_commands' && e.ack),
        ).toBe(true);
      } finally {
        await browser.close();
        await stage.close();
      }
    },
    TEST_MS,
  );
});
