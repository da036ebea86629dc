// HomeService with a real store and the emulator over HTTP: a person's App Home lists their recent jobs with
// each language's state, the account's credits as the service reports them (or says they could not be read),
// and the channel defaults they set.
import type { DubbingClient } from '@dubkit/core';
import type { Emulator } from '@dubkit/emulator';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { languageLabel } from '../../domain/languages.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Store, Target } from '../../store/store.ts';
import { drawerFor } from '../../test-support/drawer.ts';
import { newJob, startedJob } from '../../test-support/jobs.ts';
import { useServices } from '../../test-support/services.ts';
import { slackEdge } from '../../test-support/slack-edge.ts';
import { ApprovalService } from '../approval/service.ts';
import { HomeService } from './service.ts';

const services = useServices({ speed: 200 });
let emulator: Emulator;
let client: DubbingClient;
let service: DubbingService;
let store: Store;
let home: HomeService;

/** U3 is in C3 alone; everyone else is in every channel. */
const access = {
  isAdmin: () => false,
  inChannel: async (channel: string, user: string) => user !== 'U3' || channel === 'C3',
};

/** The sections under a heading of the view, up to the next divider. */
function under(view: { blocks: unknown[] }, heading: string): string[] {
  const blocks = view.blocks as { type: string; text?: { text: string } }[];
  const start = blocks.findIndex((b) => b.type === 'header' && b.text!.text.startsWith(`${heading} (`));
  if (start < 0) return [];
  const end = blocks.findIndex((b, i) => i > start && (b.type === 'divider' || b.type === 'header'));
  return blocks.slice(start + 1, end < 0 ? undefined : end).map((b) => b.text?.text ?? '');
}

beforeEach(async () => {
  ({ emulator, client, service, store } = services);
  const approvals = new ApprovalService({
    drawer: drawerFor(store, service),
    slack: slackEdge,
    store,
    dubbing: service,
    wakeDeliverer: () => {},
  });
  home = new HomeService({
    store,
    dubbing: service,
    approvals,
    access,
    slack: slackEdge,
    logger: pino({ level: 'silent' }),
  });
});

async function record(target: Target, status: string) {
  const { terminal } = service.describeStatus(status);
  await store.recordPoll(
    target.id,
    { status, changed: true, terminal, nextPollAt: Number.MAX_SAFE_INTEGER, intervalMs: 0 },
    4,
    [],
  );
}

/** The mrkdwn of every section, in order. */
const sections = (view: { blocks: unknown[] }) =>
  (view.blocks as { type: string; text?: { text: string } }[])
    .filter((b) => b.type === 'section')
    .map((b) => b.text!.text);

describe('HomeService.view', () => {
  it('lists a person’s recent jobs with the state of each language, and the account’s credits', async () => {
    // A real project on the account: its status is what one language shows, its minutes are used.
    const { mediaId } = await service.uploadLink('https://vimeo.com/home-talk', 'home talk');
    const created = await service.createProject({
      videoId: mediaId,
      dstLang: 'es',
      name: 'home talk',
      srcLang: 'en',
      numSpeakers: null,
    });
    const project = await client.projects.waitFor(created.id, {
      intervalMs: 25,
      maxIntervalMs: 200,
      timeoutMs: 30_000,
    });

    const { job: running, targets } = await startedJob(store, {
      job: { triggerKey: 'msg:C1:1.0', title: 'Keynote', channel: 'C1' },
      langs: ['es', 'de', 'fr'],
    });
    await store.setTargetProject(targets[0]!.id, project.id, 3);
    await record(targets[0]!, project.status!);
    await record(targets[1]!, 'translation_failed');
    await store.createJob(newJob({ triggerKey: 'msg:C2:2.0', channel: 'C2', title: 'Picking one' }), 5);
    const { job: cancelled } = await store.createJob(
      newJob({ triggerKey: 'msg:C3:3.0', channel: 'C3', title: 'Cancelled one' }),
      6,
    );
    await store.cancelJob(cancelled.id);
    await store.createJob(newJob({ triggerKey: 'msg:C4:4.0', userId: 'U9', title: 'Not mine' }), 7);
    expect(running.userId).toBe('U1');

    const view = await home.view('U1');
    expect(view.type).toBe('home');
    const text = sections(view);
    // Newest first; a cancelled job and another person's job are not listed; nothing waits for U1.
    expect(under(view, 'Waiting for you')).toEqual([]);
    const jobs = under(view, 'Your dubs').map((t) =>
      t.replace(/ · <!date\^[^>]+>/, '').replace(/\n<https:[^>]+\|Open thread>$/, ''),
    );
    expect(jobs).toEqual([
      '*Picking one* in <#C2> · started by <@U1>\n_not started yet: languages and Start are on its card_',
      `*Keynote* in <#C1> · started by <@U1>\n${languageLabel('es')}: ⏳ dubbed, waiting for review · ` +
        `${languageLabel('de')}: ❌ translation failed · ${languageLabel('fr')}: 🔄 starting`,
    ]);
    const credits = await client.credits.get();
    expect(credits.minutes.used).toBeGreaterThan(0);
    const minutes = text.find((t) => t.startsWith('*Minutes*'));
    expect(minutes).toContain(
      `${credits.minutes.used.toLocaleString('en-US')} of ${credits.minutes.total.toLocaleString('en-US')} minutes used`,
    );
    expect(text).toContain('None yet: `/dub settings` in a channel sets its languages and glossary.');
  });

  it('shows the channel defaults the person set, naming their glossaries', async () => {
    const glossary = await service.createGlossary({
      name: 'Brand terms',
      src_lang: 'en',
      dst_lang: 'es',
      entries: { machine: 'MÁQUINA' },
    });
    await store.saveGlossary({
      id: glossary.id,
      name: glossary.name,
      srcLang: 'en',
      dstLang: 'es',
      version: glossary.version,
      channel: 'C1',
      createdBy: 'U1',
      updatedAt: 1,
    });
    await store.saveChannelSettings({
      channel: 'C1',
      dstLangs: ['es', 'de'],
      glossaryIds: [glossary.id, 'forgotten'],
      updatedBy: 'U1',
      updatedAt: 2,
    });
    await store.saveChannelSettings({
      channel: 'C2',
      dstLangs: ['fr'],
      glossaryIds: [],
      updatedBy: 'U2',
      updatedAt: 2,
    });
    const text = sections(await home.view('U1'));
    expect(text).toContain(`<#C1>: ${languageLabel('es')}, ${languageLabel('de')} · glossaries: Brand terms`);
    expect(text.some((t) => t.startsWith('<#C2>'))).toBe(false);
    expect(text).toContain(
      'No dubs yet. Drop a video link or file in a channel I am in, or use `/dub <link>`.',
    );
  });

  it('still shows the jobs when the credits cannot be read', async () => {
    await startedJob(store, { job: { title: 'Keynote' } });
    emulator.faults.set({ errorNext: 5, paths: ['/v2/credits'] });
    const text = sections(await home.view('U1'));
    expect(text).toContain('The credits could not be read from the dubbing service just now.');
    expect(text.some((t) => t.startsWith('*Minutes*'))).toBe(false);
    expect(text.some((t) => t.startsWith('*Keynote* in <#C1>') && t.includes('🔄 starting\n'))).toBe(true);
  });

  it('shows a reviewer what waits for them first, and the jobs they reviewed under their own', async () => {
    const { targets } = await startedJob(store, {
      job: { triggerKey: 'msg:C1:1.0', title: 'Keynote' },
      langs: ['es', 'de'],
    });
    const [es, de] = targets;
    await record(es!, 'merging_done');
    await record(de!, 'merging_done');
    // U2 is in C1 and did not start the job: both dubbed languages wait for their review.
    let view = await home.view('U2');
    expect(under(view, 'Waiting for you')).toHaveLength(2);
    expect(under(view, 'Waiting for you')[0]).toMatch(
      new RegExp(
        `^${languageLabel('es')}: ⏳ dubbed, waiting for review\n\\*Keynote\\* in <#C1> · started by <@U1>`,
      ),
    );
    expect(under(view, 'Your dubs')).toEqual(['None of your own yet.']);
    // U3 is not in C1: nothing waits for them there.
    expect(under(await home.view('U3'), 'Waiting for you')).toEqual([]);
    // U2 approves Spanish and asks changes of German: nothing waits for U2; the job is among theirs.
    await store.recordApproval({ targetId: es!.id, attempt: es!.attempt, userId: 'U2', at: 5 });
    await store.recordChangeRequest({
      targetId: de!.id,
      attempt: de!.attempt,
      userId: 'U2',
      reason: 'x',
      at: 6,
    });
    view = await home.view('U2');
    expect(under(view, 'Waiting for you')).toEqual([]);
    expect(JSON.stringify(view)).not.toContain('No dubs yet');
    const [reviewed] = under(view, 'Your dubs');
    expect(reviewed).toContain(`${languageLabel('es')}: ✅ approved by <@U2>`);
    expect(reviewed).toContain(`${languageLabel('de')}: ✋ changes requested by <@U2>`);
    // The changes were asked of U1, who started it (nobody assigned or edited it): theirs to make, listed once.
    const owner = await home.view('U1');
    expect(under(owner, 'Changes requested on my work')[0]).toMatch(
      new RegExp(`^${languageLabel('de')} · render 1 — \\*Keynote\\* in <#C1>\n✋ <@U2>: “x”`),
    );
    expect(under(owner, 'Waiting for you')).toEqual([]);
  });

  it('lists what waits for an approver’s approval, and shows it to no one else in a channel that names approvers', async () => {
    const { job, targets } = await startedJob(store, {
      job: { triggerKey: 'msg:C1:7.0', title: 'Launch video' },
      langs: ['es', 'de', 'fr'],
    });
    const [es, de, fr] = targets;
    await record(es!, 'merging_done');
    await record(de!, 'merging_done');
    await record(fr!, 'translation_failed');
    await store.saveChannelApprovers({
      channel: job.channel,
      userIds: ['U4'],
      updatedBy: 'U1',
      updatedAt: 1,
    });
    await store.recordChangeRequest({
      targetId: de!.id,
      attempt: de!.attempt,
      userId: 'U4',
      reason: 'x',
      at: 2,
    });
    // U4, the approver: Spanish waits (German has changes asked, French failed); the job waits for them too.
    const approver = await home.view('U4');
    expect(under(approver, 'Waiting for my approval')[0]).toBe(
      `${languageLabel('es')} · render 1 — *Launch video* in <#C1>\n<https://slack.example/archives/C1/p10|Open thread>`,
    );
    // Spanish is listed once, under the approval: nothing else of the job waits for them.
    expect(under(approver, 'Waiting for you')).toEqual([]);
    // U2, in the channel but no approver: nothing waits for them, in either section.
    const other = await home.view('U2');
    expect(JSON.stringify(other)).not.toContain('Waiting for my approval');
    expect(under(other, 'Waiting for you')).toEqual([]);
    // Approved, it waits no more.
    await store.recordApproval({ targetId: es!.id, attempt: es!.attempt, userId: 'U4', at: 3 });
    expect(under(await home.view('U4'), 'Waiting for my approval')).toEqual([
      '✅ Nothing waits for your approval.',
    ]);
  });

  it('lists no job or default of a channel the person has left, even their own', async () => {
    await startedJob(store, {
      job: { triggerKey: 'msg:C1:8.0', userId: 'U3', channel: 'C1', title: 'Secret plan' },
    });
    await startedJob(store, {
      job: { triggerKey: 'msg:C3:9.0', userId: 'U3', channel: 'C3', title: 'Open talk' },
    });
    await store.saveChannelSettings({
      channel: 'C1',
      dstLangs: ['es'],
      glossaryIds: [],
      updatedBy: 'U3',
      updatedAt: 1,
    });
    // U3 started one in C1 and was then removed from it: Home shows only the one in C3.
    const view = await home.view('U3');
    expect(JSON.stringify(view)).not.toContain('Secret plan');
    expect(JSON.stringify(view)).not.toContain('<#C1>');
    expect(under(view, 'Your dubs')[0]).toMatch(/^\*Open talk\* in <#C3>/);
  });
});
