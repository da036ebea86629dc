// AccountService against the emulator over HTTP, with a real store: the credits message from the account's
// balance, a page of projects with its page buttons, and `/dub track` refusing a bad id and an unknown project,
// adopting a real one once (a running job with its card and status message owed), and refusing it after;
// what a person who is not an admin sees and may adopt: only projects of jobs in channels they are in.
import type { DubbingClient } from '@dubkit/core';
import type { Emulator } from '@dubkit/emulator';
import { beforeEach, describe, expect, it } from 'vitest';
import { languageLabel } from '../../domain/languages.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Store } from '../../store/store.ts';
import { drawerFor } from '../../test-support/drawer.ts';
import { newJob, startedJob } from '../../test-support/jobs.ts';
import { useServices } from '../../test-support/services.ts';
import { slackEdge } from '../../test-support/slack-edge.ts';
import { ApprovalService } from '../approval/service.ts';
import { JOB_LIST } from './job-list.ts';
import { PROJECT_LIST, pageValue } from './project-list.ts';
import { AccountService } from './service.ts';

const services = useServices({ speed: 200, credits: { minutes: 500, video: 50, lipsyncFreeMinutes: 7 } });
let emulator: Emulator;
let client: DubbingClient;
let service: DubbingService;
let store: Store;
let wakes: number;
let account: AccountService;

/** U1 is an admin; C9PRIV is a private channel of U3 alone; anyone is in any other channel. */
const access = {
  isAdmin: (user: string) => user === 'U1',
  inChannel: async (channel: string, user: string) =>
    user === 'U1' || (channel === 'C9PRIV' ? user === 'U3' : true),
};

beforeEach(async () => {
  ({ emulator, client, service, store } = services);
  wakes = 0;
  const approvals = new ApprovalService({
    drawer: drawerFor(store, service),
    slack: slackEdge,
    store,
    dubbing: service,
    wakeDeliverer: () => {},
  });
  account = new AccountService({
    drawer: drawerFor(store, service),
    store,
    dubbing: service,
    access,
    approvals,
    wake: () => wakes++,
    now: () => 1_000,
  });
});

const text = (value: unknown) => JSON.stringify(value);

/** A project made on the account from a link, as someone outside the app would. */
async function projectFromLink(link: string, name: string) {
  const { mediaId } = await service.uploadLink(link, name);
  const project = await service.createProject({
    videoId: mediaId,
    dstLang: 'de',
    name,
    srcLang: 'en',
    numSpeakers: null,
  });
  return { mediaId, project };
}

describe('AccountService.credits', () => {
  it('shows what the account has left, and a project made since takes its minutes off', async () => {
    const before = await account.credits();
    const minutesBefore = Number(/^(\d+) minutes left/.exec(before.text)?.[1]);
    expect(text(before.blocks)).toContain('0 of 7 minutes used · *7 left*');
    expect(text(before.blocks)).toContain('of 50 videos used');

    const { mediaId } = await projectFromLink('https://vimeo.com/credits-used', 'credits used');
    const duration = (await service.mediaDuration(mediaId))!;
    expect(duration).toBeGreaterThan(0);

    const after = await account.credits();
    const charged = Math.ceil(Math.min(duration, 3600) / 60);
    expect(after.text).toBe(`${minutesBefore - charged} minutes left on the dubbing account`);
    expect(text(after.blocks)).toMatch(/\d+ of 50 videos used · \*\d+ left\*/);
  });
});

describe('AccountService.projects', () => {
  it('shows a page of the projects matching a name, newest first, with a button to the next page', async () => {
    await emulator.seedProjects(12);
    const listed = (await client.projects.list({ name: 'seeded project', limit: 100 })).projects;
    expect(listed).toHaveLength(12);

    const first = await account.projects({ name: 'seeded project', offset: 0, user: 'U1' });
    expect(first.text).toBe('Projects 1–10 matching seeded project');
    const firstText = text(first.blocks);
    expect(firstText.match(new RegExp(`"${PROJECT_LIST.track}"`, 'g'))).toHaveLength(10);
    // Newest first, as the service lists them: each project's id in that order, the eleventh not on page 1.
    const positions = listed.slice(0, 10).map((p) => firstText.indexOf(`\`${p.id}\``));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(firstText).not.toContain(listed[10]!.id);
    expect(firstText).toContain(text(pageValue('seeded project', 10)));
    expect(firstText).not.toContain('◀ Newer');

    const second = await account.projects({ name: 'seeded project', offset: 10, user: 'U1' });
    expect(second.text).toBe('Projects 11–12 matching seeded project');
    const secondText = text(second.blocks);
    expect(secondText).toContain(listed[10]!.id);
    expect(secondText).toContain(listed[11]!.id);
    expect(secondText).toContain('◀ Newer');
    expect(secondText).not.toContain('Older ▶');

    const none = await account.projects({ name: 'no such project anywhere', offset: 0, user: 'U1' });
    expect(none.text).toBe('No projects matching “no such project anywhere” on the account.');
  });
});

describe('outside words in the project list', () => {
  it('shows a project named by someone outside with its hosts, paths and tokens scrubbed', async () => {
    await projectFromLink(
      'https://vimeo.com/hostile-name',
      'Launch cache-7.internal.example:8443 /srv/app/x.js token=s3cr3t xoxb-9-9-leak',
    );
    const listed = text((await account.projects({ name: 'Launch', offset: 0, user: 'U1' })).blocks);
    expect(listed).toContain('Launch');
    for (const leak of ['cache-7', 'internal.example', '8443', '/srv/', 's3cr3t', 'xoxb-9'])
      expect(listed, leak).not.toContain(leak);
  });
});

describe('AccountService.track', () => {
  const who = { channel: 'C9TRACK', userId: 'U1' };

  it('refuses something that is not a project id, and an id the account does not have', async () => {
    expect(await account.track({ ...who, projectId: 'not a project' })).toBe(
      '"not a project" is not a project id (`/dub list projects` shows them).',
    );
    expect(await account.track({ ...who, projectId: '<!channel>' })).toBe(
      '"&lt;!channel&gt;" is not a project id (`/dub list projects` shows them).',
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await account.track({ ...who, projectId: unknown })).toBe(
      `There is no project \`${unknown}\` on the dubbing account.`,
    );
    expect(await store.recentJobs('U1', 10)).toEqual([]);
    expect(wakes).toBe(0);
  });

  it('adopts a real project once: a running job bound to it, its card and status owed; a second time refused', async () => {
    const { project } = await projectFromLink('https://vimeo.com/tracked-talk', 'Tracked talk');
    expect(await account.track({ ...who, projectId: project.id })).toBeUndefined();
    expect(wakes).toBe(1);

    const [job, ...others] = await store.recentJobs('U1', 10);
    expect(others).toEqual([]);
    expect(job).toMatchObject({
      state: 'running',
      channel: 'C9TRACK',
      threadTs: null,
      title: 'Tracked talk',
      srcLang: 'en',
      triggerKey: `cmd:track:${project.id}`,
      source: { kind: 'link', link: 'https://vimeo.com/tracked-talk' },
    });
    const targets = await store.targetsOf(job!.id);
    expect(targets).toMatchObject([{ dstLang: 'de', projectId: project.id, terminal: false }]);
    const target = targets[0]!;

    const deliveries = await store.deliveriesOf(job!.id);
    expect(deliveries.map((d) => [d.key, d.kind, d.inThread])).toEqual([
      [`card:${job!.id}`, 'card', false],
      [`status:${target.id}`, 'status', true],
    ]);
    expect((deliveries[0]!.payload as { text: string }).text).toBe('Dubbing Tracked talk into German');
    const status = deliveries[1]!.payload as { text: string; blocks: unknown[] };
    expect(status.text).toMatch(/^German: /);
    // Support ids are for a failure: a project under way shows none.
    expect(text(status.blocks)).not.toContain(project.id);

    // Once followed, the project is not adopted a second time, from any channel.
    expect(await account.track({ channel: 'C8OTHER', userId: 'U2', projectId: project.id })).toBe(
      'That project is already followed in a thread in <#C9TRACK>.',
    );
    expect(await account.track({ channel: 'C9TRACK', userId: 'U1', projectId: project.id })).toBe(
      'That project is already followed in a thread in <#C9TRACK>.',
    );
    expect(await store.recentJobs('U2', 10)).toEqual([]);
    expect(await store.deliveriesOf(job!.id)).toHaveLength(2);
    expect(wakes).toBe(1);
  });

  it('says an id the service would refuse is not a project id, instead of failing as if it were down', async () => {
    // The service answers 422 for a path id that is not a UUID.
    expect(await account.track({ ...who, projectId: 'abc123' })).toBe(
      '"abc123" is not a project id (`/dub list projects` shows them).',
    );
    expect(await store.recentJobs('U1', 10)).toEqual([]);
  });

  it('knows a project tracked already when its id is typed in capitals', async () => {
    const { project } = await projectFromLink('https://vimeo.com/capitals', 'Capitals');
    expect(await account.track({ ...who, projectId: project.id })).toBeUndefined();
    expect(await account.track({ ...who, projectId: project.id.toUpperCase() })).toBe(
      'That project is already followed in a thread in <#C9TRACK>.',
    );
    expect(await store.recentJobs('U1', 10)).toHaveLength(1);
  });
});

describe('what someone who is not an admin sees and adopts', () => {
  it('lists only projects whose job is in a channel they are in, and adopts none from outside Slack', async () => {
    const inPrivate = await projectFromLink('https://vimeo.com/private-plans', 'Private plans');
    const outside = await projectFromLink('https://vimeo.com/made-elsewhere', 'Made elsewhere');
    // An admin brings one into the private channel; the other stays a project the app did not start.
    expect(await account.track({ channel: 'C9PRIV', userId: 'U1', projectId: inPrivate.project.id })).toBe(
      undefined,
    );
    const listFor = async (user: string) =>
      text((await account.projects({ name: null, offset: 0, user })).blocks);

    expect(await listFor('U1')).toContain(inPrivate.project.id);
    expect(await listFor('U1')).toContain(outside.project.id);
    expect(await listFor('U3')).toContain(inPrivate.project.id);
    expect(await listFor('U3')).not.toContain(outside.project.id);
    const stranger = await listFor('U2');
    expect(stranger).not.toContain(inPrivate.project.id);
    expect(stranger).not.toContain('Private plans');
    expect(stranger).not.toContain(outside.project.id);

    // The refusal does not name the private channel; nothing is adopted.
    expect(await account.track({ channel: 'C2', userId: 'U2', projectId: inPrivate.project.id })).toBe(
      'That project is already followed in a thread in another channel.',
    );
    expect(await account.track({ channel: 'C2', userId: 'U2', projectId: outside.project.id })).toMatch(
      /^Only the app’s admins can follow a project that was not started from Slack/,
    );
    expect(await store.recentJobs('U2', 10)).toEqual([]);
    expect(await store.targetOfProject(outside.project.id)).toBeUndefined();
  });
});

describe('AccountService.jobs', () => {
  /** The language's project ended with `status` (or is still at it). */
  async function record(targetId: string, status: string) {
    const { terminal } = service.describeStatus(status);
    await store.recordPoll(
      targetId,
      { status, changed: true, terminal, nextPollAt: Number.MAX_SAFE_INTEGER, intervalMs: 0 },
      4,
      [],
    );
  }
  const sectionsOf = (message: { blocks: unknown[] }) =>
    (message.blocks as { type: string; text?: { text: string } }[])
      .filter((b) => b.type === 'section')
      .map((b) => b.text!.text);

  it('lists one row per job in the person’s channels: its languages’ states, who started it, when', async () => {
    const { targets } = await startedJob(store, {
      job: { triggerKey: 'msg:C1:1.0', title: 'keynote.mp4', userId: 'U2' },
      langs: ['es', 'de', 'fr', 'it', 'ja'],
    });
    const [es, de, fr, it] = targets;
    for (const t of [es!, de!, fr!]) await record(t.id, 'merging_done');
    await record(it!.id, 'translation_failed');
    await store.recordApproval({ targetId: es!.id, attempt: es!.attempt, userId: 'U3', at: 5 });
    await store.recordChangeRequest({
      targetId: de!.id,
      attempt: de!.attempt,
      userId: 'U3',
      reason: 'x',
      at: 6,
    });
    await startedJob(store, { job: { triggerKey: 'msg:C9PRIV:2.0', channel: 'C9PRIV', title: 'secret' } });

    const rows = sectionsOf(await account.jobs({ name: null, offset: 0, user: 'U2' }));
    expect(rows[0]).toBe('*Dubs* in your channels, newest first');
    expect(rows).toHaveLength(2);
    const [head, langs] = rows[1]!.split('\n');
    expect(head).toMatch(/^\*keynote\.mp4\* in <#C1> · started by <@U2> · <!date\^\d+\^/);
    expect(langs!.split(' · ')).toEqual([
      `${languageLabel('es')}: ✅ approved by <@U3>`,
      `${languageLabel('de')}: ✋ changes requested by <@U3>`,
      `${languageLabel('fr')}: ⏳ dubbed, waiting for review`,
      `${languageLabel('it')}: ❌ translation failed`,
      `${languageLabel('ja')}: 🔄 starting`,
    ]);
    // No internal tag, no project id.
    expect(JSON.stringify(rows)).not.toMatch(/dk-|[0-9a-f]{8}-[0-9a-f]{4}/);
    // U3 is in the private channel too; a title filter keeps only what matches.
    const u3 = sectionsOf(await account.jobs({ name: 'SECRET', offset: 0, user: 'U3' }));
    expect(u3).toHaveLength(2);
    expect(u3[0]).toBe('*Dubs matching “SECRET”* in your channels, newest first');
    expect(u3[1]).toMatch(/^\*secret\* in <#C9PRIV>/);
  });

  it('pages ten jobs at a time and says when nothing is in the person’s channels', async () => {
    for (let i = 0; i < 12; i += 1)
      await store.createJob(newJob({ triggerKey: `msg:C1:${i}.0`, title: `talk ${i}` }), 10 + i);
    const first = await account.jobs({ name: null, offset: 0, user: 'U2' });
    expect(sectionsOf(first)).toHaveLength(1 + JOB_LIST.pageSize);
    expect(sectionsOf(first)[1]).toMatch(/^\*talk 11\*/);
    const older = text(first.blocks).match(/"action_id":"list_jobs_page","value":"((?:[^"\\]|\\.)*)"/);
    expect(JSON.parse(`"${older![1]}"`)).toBe(pageValue(null, 10));
    const second = await account.jobs({ name: null, offset: 10, user: 'U2' });
    expect(
      sectionsOf(second)
        .slice(1)
        .map((s) => s.split('*')[1]),
    ).toEqual(['talk 1', 'talk 0']);
    expect(text(second.blocks)).toContain('◀ Newest');
    expect(text(second.blocks)).not.toContain('Older ▶');
    expect(sectionsOf(await account.jobs({ name: 'nothing', offset: 0, user: 'U2' }))).toEqual([
      'No dubs matching “nothing” in the channels you are in.',
    ]);
  });
});
