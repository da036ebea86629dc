// End to end over real HTTP: the real Bolt app in HTTP mode (signatures checked), the fake Slack Web API,
// the service emulator at high speed and the real SQLite store. Each scenario asserts the Slack calls made.
import { readFileSync } from 'node:fs';
import { byKind, keyOf, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { CONFIRM } from './features/dub/confirm-views.ts';
import { confirmed } from './test-support/confirm.ts';
import { WAIT_MS } from './test-support/people.ts';
import { useStage } from './test-support/stage.ts';
import { cardIn, cardOf, expectNoDuplicates, jobIdOf, posted, waitForDubs } from './test-support/threads.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));
const USER = 'U0ANA';

describe('the Slack app end to end', { timeout: 60_000 }, () => {
  const stage = useStage({ speed: 40 });

  it('/dub with two languages ends with two dubbed replies and four subtitle files in one thread', async () => {
    const channel = 'C1CMD';
    const res = await stage.driver.command({
      channel,
      user: USER,
      text: 'https://www.youtube.com/watch?v=keynote to es,de from en',
    });
    expect(res.status).toBe(200);
    const card = await cardOf(stage, channel);
    expect(card.thread_ts).toBeUndefined(); // the card opens the thread
    const thread = await waitForDubs(stage, channel, card.ts, 2);
    expect(thread.every((m) => m.ts === card.ts || m.thread_ts === card.ts)).toBe(true);
    expect(byKind(thread, 'status')).toHaveLength(2);
    expect(byKind(thread, 'started')).toHaveLength(1);
    const names = thread
      .filter((m) => m.bot_id)
      .flatMap((m) => m.files ?? [])
      .map((f) => f.name);
    expect(names.sort()).toEqual(
      ['es.srt', 'es.vtt', 'de.srt', 'de.vtt'].map((ext) => `youtube-com-watch-v-keynote.${ext}`).sort(),
    );
    const srt = thread.flatMap((m) => m.files ?? []).find((f) => f.name.endsWith('es.srt'))!;
    expect(new TextDecoder().decode(srt.content)).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> /);
    // Status messages were edited in place, and only when what they say changed.
    for (const status of byKind(thread, 'status')) {
      expect(status.history.length).toBeGreaterThan(1);
      const versions = [...status.history.map((h) => h.text), status.text];
      for (let i = 1; i < versions.length; i++) expect(versions[i]).not.toBe(versions[i - 1]);
      expect(status.text).toMatch(/dubbed$/);
    }
    const dubbed = byKind(thread, 'dubbed')[0]!;
    expect(JSON.stringify(dubbed.blocks)).toMatch(/▶ Video/);
    // One reply per render, its subtitle files attached to it: no message of files beside it.
    for (const reply of byKind(thread, 'dubbed')) {
      const lang = reply.text.startsWith('Spanish') ? 'es' : 'de';
      expect((reply.files ?? []).map((f) => f.name).sort()).toEqual([
        `youtube-com-watch-v-keynote.${lang}.srt`,
        `youtube-com-watch-v-keynote.${lang}.vtt`,
      ]);
    }
    expect(thread.filter((m) => m.bot_id && m.files?.length && !keyOf(m).startsWith('dubbed:'))).toEqual([]);
    expect(stage.slack.ephemerals.filter((e) => e.channel === channel)).toHaveLength(0);
    expectNoDuplicates(stage, channel);
  });

  it('a shared video file gets the card in its thread and is dubbed', async () => {
    const channel = 'C2FILE';
    const file = stage.slack.addFile({
      name: 'talk.mp4',
      mimetype: 'video/mp4',
      content: fixture('talk.mp4'),
    });
    const drop = stage.slack.postUserMessage({ channel, user: USER, text: 'new cut', files: [file] });
    await stage.driver.fileShare(drop);
    const card = await cardIn(stage, channel, drop.ts);
    await stage.driver.click({
      message: card,
      actionId: 'job_start',
      user: USER,
      selections: { job_dst: ['fr'] },
    });
    await waitForDubs(stage, channel, drop.ts, 1);
    expect(stage.slack.downloads.get(file.id)).toBe(1);
    // Every language delivered: the card says how the job ended, with French's line.
    // The card's last edit may come after the reply (new posts go first).
    const ended = await waitFor(
      () => byKind(stage.slack.thread(channel, drop.ts), 'card').find((m) => m.text.includes('Done')),
      WAIT_MS,
      'the card’s outcome',
    );
    expect(ended.text).toBe('talk.mp4: Done: 1 of 1 language dubbed');
    expect(JSON.stringify(ended.blocks)).toContain('🇫🇷 French — ⏳ r1 waiting for review');
    expectNoDuplicates(stage, channel);
  });

  it('a link mentioning the app gets the picker; the picked languages are dubbed', async () => {
    const channel = 'C3LINK';
    const drop = stage.slack.postUserMessage({
      channel,
      user: USER,
      text: `<@${stage.slack.botUserId}> please <https://vimeo.com/12345|vimeo.com/12345>`,
    });
    await stage.driver.mention(drop);
    const card = await cardIn(stage, channel, drop.ts);
    expect(JSON.stringify(card.blocks)).toContain('"text":"Popular"');
    const asFirstShown = structuredClone(card);
    const res = await stage.driver.click({
      message: card,
      actionId: 'job_start',
      user: USER,
      selections: { job_dst: ['pt-br', 'ja'], job_src: ['en'], job_speakers: ['2'] },
    });
    expect(res.status).toBe(200);
    await waitForDubs(stage, channel, drop.ts, 2);
    // A second click on the card as first shown does not start anything again.
    await stage.driver.click({
      message: asFirstShown,
      actionId: 'job_start',
      user: USER,
      selections: { job_dst: ['es'] },
    });
    await waitFor(() => stage.slack.ephemerals.find((e) => e.channel === channel), WAIT_MS, 'the ephemeral');
    expect(stage.slack.ephemerals.find((e) => e.channel === channel)?.text).toBe(
      'This job has already started.',
    );
    expectNoDuplicates(stage, channel);
  });

  it('a mention naming languages ticks exactly those on the card and asks its author only about an unclear one', async () => {
    const channel = 'C3WORDS';
    const drop = stage.slack.postUserMessage({
      channel,
      user: USER,
      text: `<@${stage.slack.botUserId}> <https://vimeo.com/777|vimeo.com/777> could you dub this in Cantonese and Brazilian Portuguese?`,
    });
    await stage.driver.mention(drop);
    const card = await cardIn(stage, channel, drop.ts);
    const picker = JSON.stringify(
      (card.blocks as { block_id?: string }[]).find((b) => b.block_id?.startsWith('job_dst:')),
    );
    expect(picker).toMatch(/"initial_options":\[\{[^\]]*"value":"pt-br"\}\]/);
    const asked = await waitFor(
      () => stage.slack.ephemerals.find((e) => e.channel === channel),
      WAIT_MS,
      'the question',
    );
    expect(asked).toMatchObject({ user: USER, text: 'Cantonese is not among the languages I dub into.' });
    expect(stage.slack.ephemerals.filter((e) => e.channel === channel)).toHaveLength(1);
  });

  it('the message shortcut opens the picker in a modal; submitting it starts the job in the thread', async () => {
    const channel = 'C8SHORTCUT';
    const message = stage.slack.postUserMessage({
      channel,
      user: USER,
      text: 'final cut <https://vimeo.com/888>',
    });
    await stage.driver.messageShortcut({ message, user: USER });
    const view = await waitFor(
      () => stage.slack.views.find((v) => v.view.callback_id === 'dub_modal'),
      WAIT_MS,
      'the modal',
    );
    const empty = await stage.driver.submitView({ viewId: view.id, user: USER, values: {} });
    expect(JSON.parse(empty.body)).toMatchObject({ response_action: 'errors' });
    await stage.driver.submitView({
      viewId: view.id,
      user: USER,
      values: { job_dst: { job_dst: { type: 'multi_static_select', selected_options: [{ value: 'it' }] } } },
    });
    await waitForDubs(stage, channel, message.ts, 1);
    const ended = await waitFor(
      () => byKind(stage.slack.thread(channel, message.ts), 'card').find((m) => m.text.includes('Done')),
      WAIT_MS,
      'the card’s outcome',
    );
    expect(JSON.stringify(ended.blocks)).toContain('🇮🇹 Italian — ⏳ r1 waiting for review');
    expectNoDuplicates(stage, channel);
  });

  it('a video without sound ends with a plain explanation and no Retry', async () => {
    const channel = 'C4SILENT';
    const file = stage.slack.addFile({
      name: 'silent.mp4',
      mimetype: 'video/mp4',
      content: fixture('silent.mp4'),
    });
    const drop = stage.slack.postUserMessage({ channel, user: USER, text: '', files: [file] });
    await stage.driver.fileShare(drop);
    const card = await cardIn(stage, channel, drop.ts);
    await stage.driver.click({
      message: card,
      actionId: 'job_start',
      user: USER,
      selections: { job_dst: ['es'] },
    });
    const failed = await waitFor(
      () => byKind(stage.slack.thread(channel, drop.ts), 'failed')[0],
      WAIT_MS,
      'the failure reply',
    );
    expect(failed.text).toContain('The video has no sound track, so there is nothing to dub.');
    expect(JSON.stringify(failed.blocks)).not.toContain('target_retry');
    // The status message's last edit may come after the reply (new posts go first).
    const status = await waitFor(
      () => byKind(stage.slack.thread(channel, drop.ts), 'status').find((m) => /failed/.test(m.text)),
      WAIT_MS,
      'the status message to say it failed',
    );
    expect(status.text).toBe('Spanish: failed');
    expect(JSON.stringify(status.blocks)).not.toMatch(/Stopped/);
    const botFiles = stage.slack
      .thread(channel, drop.ts)
      .filter((m) => m.bot_id)
      .flatMap((m) => m.files ?? []);
    expect(botFiles).toHaveLength(0);
  });

  it('a language that failed in a stage explains where it failed and is dubbed after Retry', async () => {
    const channel = 'C9RETRY';
    stage.emulator.faults.set({ failStage: 'translation' });
    await stage.driver.command({ channel, user: USER, text: 'https://vimeo.com/999 to de' });
    const card = await cardOf(stage, channel);
    const failed = await waitFor(
      () => byKind(stage.slack.thread(channel, card.ts), 'failed')[0],
      WAIT_MS,
      'the failure',
    );
    stage.emulator.faults.clear();
    expect(failed.text).toContain('Dubbing failed while translating.');
    await confirmed(stage, {
      message: failed,
      actionId: 'target_retry',
      user: USER,
      callbackId: CONFIRM.retry,
    });
    const thread = await waitForDubs(stage, channel, card.ts, 1);
    expect(byKind(thread, 'started').map((m) => m.text)).toEqual([
      'Started: dubbing into German',
      'Started again: dubbing into German',
    ]);
    expect(byKind(thread, 'status')).toHaveLength(1);
    const job = (await stage.app.store.getJob(jobIdOf(card)))!;
    expect((await stage.app.store.targetsOf(job.id))[0]?.attempt).toBe(2);
    expect(await stage.app.service.findProjects(job.id)).toHaveLength(2);
    expectNoDuplicates(stage, channel);
  });

  it('the same event delivered twice gives one job and one card', async () => {
    const channel = 'C5TWICE';
    const drop = stage.slack.postUserMessage({
      channel,
      user: USER,
      text: `<@${stage.slack.botUserId}> <https://www.youtube.com/watch?v=twice>`,
    });
    const first = await stage.driver.mention(drop);
    const again = await stage.driver.mention(drop, { eventId: first.eventId, retryNum: 1 });
    expect([first.status, again.status]).toEqual([200, 200]);
    const card = await cardIn(stage, channel, drop.ts);
    await stage.driver.mention(drop, { eventId: first.eventId, retryNum: 2 });
    // Count once the job has nothing left to post: a second card would be in the thread by then.
    await stage.drained(jobIdOf(card));
    expect(byKind(stage.slack.thread(channel, drop.ts), 'card')).toHaveLength(1);
    expect(posted(stage, channel)).toHaveLength(1);
  });

  it('a bad link gets only an ephemeral message, and nothing is created', async () => {
    const channel = 'C6BAD';
    await stage.driver.command({ channel, user: USER, text: 'www.example.com/video to es' });
    await stage.driver.command({ channel, user: USER, text: 'https://example.com/v.mp4 to klingon' });
    const drop = stage.slack.postUserMessage({
      channel,
      user: USER,
      text: `<@${stage.slack.botUserId}> <https://example.com/brief.pdf>`,
    });
    await stage.driver.mention(drop);
    await waitFor(
      () => stage.slack.ephemerals.filter((e) => e.channel === channel).length === 3,
      WAIT_MS,
      'ephemerals',
    );
    const texts = stage.slack.ephemerals.filter((e) => e.channel === channel).map((e) => e.text);
    expect(texts[0]).toMatch(/^"www\.example\.com\/video" is not a link\./);
    expect(texts[1]).toMatch(/"klingon" is not a language code/);
    expect(texts[2]).toMatch(/does not look like a video/);
    expect(texts.every((t) => t.includes('/dub <link>'))).toBe(true);
    expect(posted(stage, channel)).toHaveLength(0);
  });
  it('/dub in a channel the app is not in is recorded, then answered through its response_url; nothing is posted', async () => {
    const channel = 'C6OUT';
    stage.slack.outsideOf.add(channel);
    await stage.driver.command({
      channel,
      user: USER,
      text: 'https://www.youtube.com/watch?v=outside to es',
    });
    const answer = await waitFor(
      () => stage.slack.ephemerals.find((e) => e.channel === channel && e.via === 'response_url'),
      WAIT_MS,
      'the answer to the command',
    );
    expect(answer.text).toMatch(/invite me with `\/invite @dubkit`/);
    // The job was cancelled before anything was enqueued for it: nothing can be on its way.
    expect((await stage.app.store.recentJobs(USER, 50)).some((j) => j.channel === channel)).toBe(false);
    expect(posted(stage, channel)).toHaveLength(0);
  });
});

describe('a restart in the middle of a job', { timeout: 60_000 }, () => {
  const stage = useStage({ speed: 15 });

  it('resumes every language without posting or creating anything twice', async () => {
    const channel = 'C7RESTART';
    await stage.driver.command({ channel, user: USER, text: 'https://vimeo.com/777 to es,de' });
    const card = await cardOf(stage, channel);
    // Wait until both projects are being worked on and their status messages have moved.
    await waitFor(
      () =>
        byKind(stage.slack.thread(channel, card.ts), 'status').filter((m) => m.history.length >= 2).length ===
        2,
      WAIT_MS,
      'both projects under way',
    );
    const projectsBefore = (await stage.app.store.targetsOf(jobIdOf(card))).map((t) => t.projectId);
    expect(projectsBefore.every(Boolean)).toBe(true);
    await stage.restartApp();
    const thread = await waitForDubs(stage, channel, card.ts, 2);
    const job = (await stage.app.store.getJob(jobIdOf(card)))!;
    expect((await stage.app.store.targetsOf(job.id)).map((t) => t.projectId)).toEqual(projectsBefore);
    expect(byKind(thread, 'status')).toHaveLength(2);
    expect(byKind(thread, 'started')).toHaveLength(1);
    expectNoDuplicates(stage, channel);
    const found = await stage.app.service.findProjects(job.id);
    expect(found).toHaveLength(2);
  });
});
