// Forged payloads over real HTTP against the real app: Mallory is not in Ana's private channel, yet sends
// the private channel's job ids from her own channel, and submits modals she did not open or whose metadata
// she changed. Each is refused with a message that names nothing, and nothing changes: the store's jobs,
// render intents and deliveries, the fake Slack's views and threads. A click's channel is Slack's word: a
// member's click in the job's thread is taken without asking Slack who is in the channel (even while Slack
// answers conversations.members with errors).
import { byKind, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { NOT_YOURS } from './access/access.ts';
import { JOB_CARD } from './features/dub/card-blocks.ts';
import { CONFIRM } from './features/dub/confirm-views.ts';
import { GLOSSARY_PICKER, glossaryPicker } from './features/dub/glossary-picker.ts';
import { GLOSSARY_UI } from './features/glossary/blocks.ts';
import { LIPSYNC_UI } from './features/lipsync/blocks.ts';
import { THREAD_ACTIONS } from './features/review/thread-blocks.ts';
import { askedFirst } from './test-support/confirm.ts';
import { ANA, BEN, WAIT_MS } from './test-support/people.ts';
import { useStage } from './test-support/stage.ts';
import { cardIn, jobIdOf } from './test-support/threads.ts';

const MALLORY = 'U0MAL';
const PRIVATE = 'C7PRIV';
const HERS = 'C7MAL';
const THIRD = 'C7THIRD';

/** The same message as if it were in another channel: what a forged payload claims. */
const movedTo = (message: SlackMessage, channel: string): SlackMessage => ({ ...message, channel });

describe('payloads from outside a job’s channel', { timeout: 90_000 }, () => {
  const stage = useStage({ speed: 40 });

  async function refusalFor(user: string, channel: string, before: number) {
    const refusal = await waitFor(
      () => stage.slack.ephemerals.slice(before).find((e) => e.user === user && e.channel === channel),
      WAIT_MS,
      'the refusal',
    );
    expect(refusal.text).toBe(`⛔ ${NOT_YOURS}`);
    expect(refusal.text).not.toContain(PRIVATE);
    return refusal;
  }

  async function mentionJob(channel: string, link: string) {
    const drop = stage.slack.postUserMessage({
      channel,
      user: ANA,
      text: `<@${stage.slack.botUserId}> <${link}|${link}>`,
    });
    await stage.driver.mention(drop);
    const card = await cardIn(stage, channel, drop.ts);
    return { drop, card, jobId: jobIdOf(card) };
  }

  it('a job card’s Start and Cancel work only in its channel and thread, Slack unasked; Cancel names who pressed it', async () => {
    stage.slack.setMembers(PRIVATE, [ANA, BEN]);
    const { card, jobId } = await mentionJob(PRIVATE, 'https://vimeo.com/424241');
    const views = stage.slack.views.length;

    // From Mallory's channel, with the private job's id.
    let before = stage.slack.ephemerals.length;
    const forged = await stage.driver.click({
      message: movedTo(card, HERS),
      actionId: JOB_CARD.start,
      user: MALLORY,
      selections: { job_dst: ['es', 'de', 'fr'] },
    });
    expect(forged.status).toBe(200);
    await refusalFor(MALLORY, HERS, before);
    // Another thread of the same channel is not the job's either.
    before = stage.slack.ephemerals.length;
    await stage.driver.click({
      message: { ...card, thread_ts: '1.000001' },
      actionId: JOB_CARD.cancel,
      user: BEN,
    });
    await refusalFor(BEN, PRIVATE, before);

    // A "selection" carrying Start's id (Bolt routes by id alone) is not let through as a selection.
    before = stage.slack.ephemerals.length;
    const disguised: SlackMessage = {
      ...card,
      blocks: [
        {
          type: 'actions',
          block_id: 'x',
          elements: [{ type: 'static_select', action_id: JOB_CARD.start, value: jobId, options: [] }],
        },
      ],
    };
    await stage.driver.click({ message: movedTo(disguised, HERS), actionId: JOB_CARD.start, user: MALLORY });
    await refusalFor(MALLORY, HERS, before);

    expect((await stage.app.store.getJob(jobId))?.state).toBe('picking');
    expect(await stage.app.store.targetsOf(jobId)).toEqual([]);
    expect(stage.slack.views).toHaveLength(views);

    // Ben is in the channel (Slack sent his click from it): his Cancel opens its dialog while Slack cannot list
    // the channel's members, without asking it; confirmed, the card says it was his.
    stage.slack.faults.random = { seed: 35, methods: ['conversations.members'], errorRate: 1 };
    const asked = stage.slack.callsOf('conversations.members').length;
    const dialog = await askedFirst(stage, {
      message: card,
      actionId: JOB_CARD.cancel,
      user: BEN,
      callbackId: CONFIRM.cancel,
    });
    stage.slack.faults.random = undefined;
    expect(stage.slack.callsOf('conversations.members')).toHaveLength(asked);
    await stage.driver.submitView({ viewId: dialog.viewId, user: BEN, values: {} });
    await waitFor(
      async () => (await stage.app.store.getJob(jobId))?.state === 'cancelled',
      WAIT_MS,
      'the job cancelled',
    );
    await stage.drained(jobId);
    const cancelled = stage.slack.message(PRIVATE, card.ts);
    expect(JSON.stringify(cancelled?.blocks)).toContain(`Cancelled by <@${BEN}>.`);
  });

  it('a dubbed language’s buttons do nothing for someone outside its channel', async () => {
    stage.slack.setMembers(PRIVATE, [ANA, BEN]);
    const { drop, card, jobId } = await mentionJob(PRIVATE, 'https://vimeo.com/424242');
    await stage.driver.click({
      message: card,
      actionId: JOB_CARD.start,
      user: ANA,
      selections: { job_dst: ['es'] },
    });
    const dubbed = await waitFor(
      () => byKind(stage.slack.thread(PRIVATE, drop.ts), 'dubbed')[0],
      WAIT_MS,
      'the dubbed reply',
    );
    await stage.drained(jobId);
    const [target] = await stage.app.store.targetsOf(jobId);
    const deliveries = (await stage.app.store.deliveriesOf(jobId)).length;
    const thread = stage.slack.thread(PRIVATE, drop.ts).length;
    const views = stage.slack.views.length;

    for (const actionId of [
      THREAD_ACTIONS.review,
      THREAD_ACTIONS.render,
      THREAD_ACTIONS.speakers,
      LIPSYNC_UI.open,
    ]) {
      const before = stage.slack.ephemerals.length;
      await stage.driver.click({ message: movedTo(dubbed, HERS), actionId, user: MALLORY });
      await refusalFor(MALLORY, HERS, before);
    }
    // Nothing was opened, rendered, recorded or posted.
    expect(stage.slack.views).toHaveLength(views);
    expect(await stage.app.store.renderIntents()).toEqual([]);
    expect(await stage.app.store.getTarget(target!.id)).toMatchObject({ terminal: true, attempt: 1 });
    expect(await stage.app.store.deliveriesOf(jobId)).toHaveLength(deliveries);
    expect(stage.slack.thread(PRIVATE, drop.ts)).toHaveLength(thread);
  });

  it('a modal is submitted only by its opener, with the job and channel it was opened for', async () => {
    stage.slack.setMembers(PRIVATE, [ANA, BEN]);
    // Ana opens the job modal on a message in the private channel.
    const message = stage.slack.postUserMessage({
      channel: PRIVATE,
      user: ANA,
      text: 'cut <https://vimeo.com/p3>',
    });
    await stage.driver.messageShortcut({ message, user: ANA });
    const anaView = await waitFor(
      () => stage.slack.views.find((v) => v.view.callback_id === 'dub_modal'),
      WAIT_MS,
      'Ana’s modal',
    );
    const anaJob = String(anaView.view.private_metadata);
    const pick = {
      job_dst: { job_dst: { type: 'multi_static_select', selected_options: [{ value: 'it' }] } },
    };

    // Mallory submits Ana's modal as herself.
    const stolen = await stage.driver.submitView({ viewId: anaView.id, user: MALLORY, values: pick });
    expect(JSON.stringify(JSON.parse(stolen.body))).toContain(NOT_YOURS);

    // Mallory opens her own modal in her channel, then points it at Ana's job.
    const hers = stage.slack.postUserMessage({
      channel: HERS,
      user: MALLORY,
      text: 'x <https://vimeo.com/m1>',
    });
    await stage.driver.messageShortcut({ message: hers, user: MALLORY });
    const malView = await waitFor(
      () => stage.slack.views.find((v) => v.view.callback_id === 'dub_modal' && v.id !== anaView.id),
      WAIT_MS,
      'Mallory’s modal',
    );
    const malJob = String(malView.view.private_metadata);
    malView.view.private_metadata = anaJob;
    const retargeted = await stage.driver.submitView({ viewId: malView.id, user: MALLORY, values: pick });
    expect(JSON.stringify(JSON.parse(retargeted.body))).toContain(NOT_YOURS);
    // A view id the app never opened.
    stage.slack.views.push({ id: 'VFORGED', view: { ...anaView.view } });
    const forged = await stage.driver.submitView({ viewId: 'VFORGED', user: ANA, values: pick });
    expect(JSON.stringify(JSON.parse(forged.body))).toContain(NOT_YOURS);

    for (const jobId of [anaJob, malJob]) {
      expect((await stage.app.store.getJob(jobId))?.state).toBe('picking');
      expect(await stage.app.store.targetsOf(jobId)).toEqual([]);
    }

    // Her own modal, as the app left it, still works for her.
    malView.view.private_metadata = malJob;
    await stage.driver.submitView({ viewId: malView.id, user: MALLORY, values: pick });
    await waitFor(
      async () => (await stage.app.store.getJob(malJob))?.state !== 'picking',
      WAIT_MS,
      'Mallory’s own job started',
    );
    expect((await stage.app.store.getJob(anaJob))?.state).toBe('picking');
  });

  it('a glossary dialog cannot post its result into another channel', async () => {
    await stage.driver.command({ channel: HERS, user: MALLORY, text: 'glossary' });
    const dialog = await waitFor(
      () => stage.slack.views.find((v) => v.view.callback_id === GLOSSARY_UI.callbackId),
      WAIT_MS,
      'the glossary dialog',
    );
    expect(dialog.view.private_metadata).toBe(HERS);
    const file = stage.slack.addFile({
      name: 'terms.csv',
      mimetype: 'text/csv',
      content: new TextEncoder().encode('en,es\nmachine,MÁQUINA\n'),
    });
    dialog.view.private_metadata = THIRD;
    const res = await stage.driver.submitView({
      viewId: dialog.id,
      user: MALLORY,
      values: {
        [GLOSSARY_UI.nameBlock]: { [GLOSSARY_UI.nameAction]: { type: 'plain_text_input', value: 'Forged' } },
        [GLOSSARY_UI.fileBlock]: {
          [GLOSSARY_UI.fileAction]: {
            type: 'file_input',
            files: [{ id: file.id, name: file.name, url_private_download: file.url_private_download }],
          },
        },
      },
    });
    expect(JSON.stringify(JSON.parse(res.body))).toContain(NOT_YOURS);
    expect(await stage.app.store.findGlossary('Forged')).toBeUndefined();
    expect(stage.slack.downloads.get(file.id)).toBeUndefined();
    expect(stage.slack.messages.filter((m) => m.channel === THIRD)).toEqual([]);
    expect(stage.slack.callsOf('chat.postMessage').filter((c) => c.args.channel === THIRD)).toEqual([]);
  });

  it('a file shared in a private channel is never fetched for a dialog or a shortcut elsewhere', async () => {
    stage.slack.setMembers(PRIVATE, [ANA, BEN]);
    const MINE = 'C7MINE';
    stage.slack.setMembers(MINE, [MALLORY]);
    // Ana shares a CSV and a video in the private channel.
    const secret = stage.slack.addFile({
      name: 'secret.csv',
      mimetype: 'text/csv',
      content: new TextEncoder().encode('en,es\nsecret,SECRETO\n'),
    });
    const video = stage.slack.addFile({
      name: 'private.mp4',
      mimetype: 'video/mp4',
      content: new Uint8Array(64),
    });
    stage.slack.postUserMessage({ channel: PRIVATE, user: ANA, text: 'ours', files: [secret, video] });

    // Mallory's glossary dialog, in her channel, naming Ana's file (its id and its URL).
    const before = stage.slack.views.length;
    await stage.driver.command({ channel: MINE, user: MALLORY, text: 'glossary' });
    const dialog = await waitFor(() => stage.slack.views[before], WAIT_MS, 'her glossary dialog');
    const res = await stage.driver.submitView({
      viewId: dialog.id,
      user: MALLORY,
      values: {
        [GLOSSARY_UI.nameBlock]: { [GLOSSARY_UI.nameAction]: { type: 'plain_text_input', value: 'Stolen' } },
        [GLOSSARY_UI.fileBlock]: {
          [GLOSSARY_UI.fileAction]: {
            type: 'file_input',
            files: [{ id: secret.id, name: secret.name, url_private_download: secret.url_private_download }],
          },
        },
      },
    });
    expect(JSON.parse(res.body)).toMatchObject({ response_action: 'errors' });
    // Her shortcut on her own message, whose files she claims are Ana's.
    const hers = stage.slack.postUserMessage({ channel: MINE, user: MALLORY, text: 'look' });
    await stage.driver.messageShortcut({ message: { ...hers, files: [secret, video] }, user: MALLORY });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stage.app.store.findGlossary('Stolen')).toBeUndefined();
    expect(stage.slack.downloads.get(secret.id)).toBeUndefined();
    expect(stage.slack.downloads.get(video.id)).toBeUndefined();
    expect(stage.slack.messages.filter((m) => m.channel === MINE && m.bot_id)).toEqual([]);
  });

  it('the job card’s glossary picker is answered at once (acked, nothing else)', async () => {
    const drop = stage.slack.postUserMessage({
      channel: HERS,
      user: MALLORY,
      text: `<@${stage.slack.botUserId}> <https://vimeo.com/464646|vimeo.com/464646>`,
    });
    await stage.driver.mention(drop);
    const card = await cardIn(stage, HERS, drop.ts);
    const withPicker: SlackMessage = {
      ...card,
      blocks: [...((card.blocks ?? []) as unknown[]), glossaryPicker([{ id: 'g1', label: 'Terms' }], [])],
    };
    const answer = await stage.driver.click({
      message: withPicker,
      actionId: GLOSSARY_PICKER.action,
      user: MALLORY,
    });
    expect(answer.status).toBe(200);
    expect((await stage.app.store.getJob(jobIdOf(card)))?.state).toBe('picking');
  });

  it('a job card takes only glossaries its own channel is offered, whatever ids the picker sends', async () => {
    stage.slack.setMembers(PRIVATE, [ANA, BEN]);
    await stage.app.store.saveGlossary({
      id: 'g-private',
      name: 'Private terms',
      srcLang: 'en',
      dstLang: 'es',
      version: 1,
      channel: PRIVATE,
      createdBy: ANA,
      updatedAt: 1,
    });
    const drop = stage.slack.postUserMessage({
      channel: HERS,
      user: MALLORY,
      text: `<@${stage.slack.botUserId}> <https://vimeo.com/434343|vimeo.com/434343>`,
    });
    await stage.driver.mention(drop);
    const card = await cardIn(stage, HERS, drop.ts);
    const jobId = jobIdOf(card);
    // Her card, with a picker offering the private channel's glossary.
    const forged: SlackMessage = {
      ...card,
      blocks: [
        ...((card.blocks ?? []) as unknown[]).filter(
          (b) => (b as { block_id?: string }).block_id !== GLOSSARY_PICKER.block,
        ),
        glossaryPicker([{ id: 'g-private', label: 'Private terms' }], []),
      ],
    };
    await stage.driver.click({
      message: forged,
      actionId: JOB_CARD.start,
      user: MALLORY,
      selections: { job_dst: ['es'], [GLOSSARY_PICKER.action]: ['g-private'] },
    });
    await waitFor(
      async () => (await stage.app.store.getJob(jobId))?.state !== 'picking',
      WAIT_MS,
      'her job started',
    );
    expect((await stage.app.store.targetOptions(jobId, 'es'))?.glossaryId ?? null).not.toBe('g-private');
  });

  it('a problem quoting what the client sent is escaped in the answer', async () => {
    const drop = stage.slack.postUserMessage({
      channel: HERS,
      user: MALLORY,
      text: `<@${stage.slack.botUserId}> <https://vimeo.com/454545|vimeo.com/454545>`,
    });
    await stage.driver.mention(drop);
    const card = await cardIn(stage, HERS, drop.ts);
    // The source picker, given an option no card offers: a mention of everyone.
    const forged = structuredClone(card);
    for (const block of (forged.blocks ?? []) as {
      elements?: { action_id?: string; options?: unknown[] }[];
    }[])
      for (const element of block.elements ?? [])
        if (element.action_id === JOB_CARD.srcAction)
          element.options?.push({ text: { type: 'plain_text', text: 'all' }, value: '<!here>' });
    const before = stage.slack.ephemerals.length;
    await stage.driver.click({
      message: forged,
      actionId: JOB_CARD.start,
      user: MALLORY,
      selections: { job_dst: ['es'], [JOB_CARD.srcAction]: ['<!here>'] },
    });
    const answer = await waitFor(
      () => stage.slack.ephemerals.slice(before).find((e) => e.user === MALLORY),
      WAIT_MS,
      'the answer',
    );
    expect(answer.text).toContain('&lt;!here&gt;');
    expect(answer.text).not.toContain('<!here>');
    expect((await stage.app.store.getJob(jobIdOf(card)))?.state).toBe('picking');
  });
});
