// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): `/dub credits`, the warning
// when a job needs more minutes than are left, `/dub list` paged and filtered, and `/dub track` adopting a
// project made elsewhere into a new thread that ends with the dubbed reply and its files. Ana is an admin
// (ADMIN_USER_IDS): the account's projects made outside Slack are hers to see and adopt, not Ben's.
import { DubbingClient } from '@dubkit/core';
import { byKind, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIST } from './features/account/project-list.ts';
import { ANA, BEN, WAIT_MS } from './test-support/people.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { cardOf } from './test-support/threads.ts';

const TEST_MS = 60_000;

const ephemeralsIn = (stage: AppStage, channel: string) =>
  stage.slack.ephemerals.filter((e) => e.channel === channel);

describe('credits, list and track, end to end', () => {
  const stage = useStage({ speed: 100, env: { ADMIN_USER_IDS: ANA } });
  let service: DubbingClient;
  beforeAll(() => {
    service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
  });

  it(
    '/dub credits shows minutes, videos and free lip-sync minutes as bars, to the one person',
    async () => {
      const channel = 'C11CREDITS';
      await stage.driver.command({ channel, user: ANA, text: 'credits' });
      const shown = await waitFor(() => ephemeralsIn(stage, channel)[0], WAIT_MS, 'the credits');
      const blocks = JSON.stringify(shown.blocks);
      expect(blocks).toContain('*Minutes*');
      expect(blocks).toMatch(/of 6,000 minutes used/);
      expect(blocks).toMatch(/of 1,000 videos used/);
      expect(blocks).toContain('0 of 60 minutes used · *60 left*');
      expect(shown.user).toBe(ANA);
      expect(stage.slack.callsOf('chat.postMessage').filter((c) => c.args.channel === channel)).toHaveLength(
        0,
      );
    },
    TEST_MS,
  );

  it(
    'warns in the thread before creating projects when the video needs more minutes than are left',
    async () => {
      const channel = 'C12SHORT';
      const credits = await service.credits.get();
      stage.emulator.setCredits('default', { minutes: credits.minutes.used });
      try {
        await stage.driver.command({ channel, user: ANA, text: 'https://vimeo.com/too-long to es,de' });
        const card = await cardOf(stage, channel);
        const thread = await waitFor(
          () => {
            const t = stage.slack.thread(channel, card.ts);
            return byKind(t, 'failed').length === 2 ? t : undefined;
          },
          WAIT_MS,
          'both languages refused',
        );
        const warning = byKind(thread, 'credits')[0]!;
        expect(warning.text).toMatch(
          /^The video is \d+ min long, so dubbing it into 2 languages needs \d+ minutes, but only 0 are left/,
        );
        const failed = byKind(thread, 'failed');
        expect(failed.every((f) => Number(f.ts) > Number(warning.ts))).toBe(true);
      } finally {
        stage.emulator.setCredits('default', { minutes: 6000 });
      }
    },
    TEST_MS,
  );

  it(
    '/dub list projects pages the account’s projects with their status, and filters by name',
    async () => {
      const channel = 'C13LIST';
      await stage.emulator.seedProjects(12);
      await stage.driver.command({ channel, user: ANA, text: 'list projects' });
      const first = await waitFor(() => ephemeralsIn(stage, channel)[0], WAIT_MS, 'the first page');
      const page1 = JSON.stringify(first.blocks);
      expect(page1).toContain('· 1–10, newest first');
      expect(page1.match(/"list_track"/g)).toHaveLength(10);
      // Older ▶ replaces the list with the next page.
      const message = { channel, ts: '1.0', user: ANA, text: first.text, blocks: first.blocks, history: [] };
      await stage.driver.click({ message: message as SlackMessage, actionId: PROJECT_LIST.page, user: ANA });
      const second = await waitFor(() => ephemeralsIn(stage, channel)[1], WAIT_MS, 'the second page');
      expect(JSON.stringify(second.blocks)).toMatch(/· 11–\d+, newest first/);

      await stage.driver.command({ channel, user: ANA, text: 'list projects seeded project 1' });
      const filtered = await waitFor(() => ephemeralsIn(stage, channel)[2], WAIT_MS, 'the filtered list');
      const text = JSON.stringify(filtered.blocks);
      expect(text).toContain('matching “seeded project 1”');
      expect(text.match(/"list_track"/g)).toHaveLength(4);
    },
    TEST_MS,
  );

  it(
    '/dub track adopts a project made elsewhere into a new thread, once',
    async () => {
      const channel = 'C14TRACK';
      const media = await service.media.uploadLink({
        link: 'https://vimeo.com/made-elsewhere',
        name: 'made elsewhere',
      });
      await service.media.waitUntilReady(media.id, { timeoutMs: WAIT_MS });
      const project = await service.projects.create({
        video_id: media.id,
        dst_lang: 'it',
        name: 'Made elsewhere',
      });
      await stage.driver.command({ channel, user: ANA, text: `track ${project.id}` });
      const card = await cardOf(stage, channel);
      expect(card.thread_ts).toBeUndefined();
      expect(card.text).toBe('Dubbing Made elsewhere into Italian');
      const thread = await waitFor(
        () => {
          const t = stage.slack.thread(channel, card.ts);
          return byKind(t, 'dubbed').length === 1 && t.flatMap((m) => m.files ?? []).length === 2
            ? t
            : undefined;
        },
        WAIT_MS,
        'the dubbed reply and its files',
      );
      // The status message's last edit may come after the reply (new posts go first).
      await waitFor(
        () =>
          byKind(stage.slack.thread(channel, card.ts), 'status').some((m) => m.text === 'Italian: dubbed'),
        WAIT_MS,
        'the status message to say dubbed',
      );
      expect(JSON.stringify(byKind(thread, 'dubbed')[0]!.blocks)).toContain(project.id);

      await stage.driver.command({ channel, user: ANA, text: `track ${project.id}` });
      await stage.driver.command({ channel, user: ANA, text: 'track 00000000-0000-4000-8000-000000000000' });
      await waitFor(() => ephemeralsIn(stage, channel).length === 2, WAIT_MS, 'two answers');
      const [again, unknown] = ephemeralsIn(stage, channel);
      expect(again!.text).toBe(`That project is already followed in a thread in <#${channel}>.`);
      expect(unknown!.text).toBe(
        'There is no project `00000000-0000-4000-8000-000000000000` on the dubbing account.',
      );
      expect(
        byKind(
          stage.slack.messages.filter((m) => m.channel === channel),
          'card',
        ),
      ).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    '/dub list shows one row per job: its video, its languages’ states, who started it; no internal tag',
    async () => {
      const channel = 'C16LIST';
      await stage.driver.command({ channel, user: ANA, text: 'https://vimeo.com/listed-talk to es,de' });
      const card = await cardOf(stage, channel);
      await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'dubbed').length === 2,
        WAIT_MS,
        'both dubs',
      );
      await stage.driver.command({ channel, user: BEN, text: 'list listed-talk' });
      const listed = await waitFor(() => ephemeralsIn(stage, channel)[0], WAIT_MS, 'Ben’s list');
      const rows = (listed.blocks as { type: string; text?: { text: string } }[])
        .filter((b) => b.type === 'section')
        .map((b) => b.text!.text);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatch(
        new RegExp(`^\\*vimeo\\.com/listed-talk\\* in <#${channel}> · started by <@${ANA}> · <!date`),
      );
      expect(rows[1]).toContain('Spanish: ⏳ dubbed, waiting for review');
      expect(rows[1]).toContain('German: ⏳ dubbed, waiting for review');
      expect(JSON.stringify(listed.blocks)).not.toMatch(/\[dk-|[0-9a-f]{8}-[0-9a-f]{4}-/);
    },
    TEST_MS,
  );

  it(
    'someone who is not an admin sees no project made outside Slack and cannot adopt one',
    async () => {
      const channel = 'C15BEN';
      await stage.emulator.seedProjects(3);
      const outside = (await service.projects.list({ name: 'seeded project', limit: 1 })).projects[0]!;
      await stage.driver.command({ channel, user: BEN, text: 'list projects seeded project' });
      const listed = await waitFor(() => ephemeralsIn(stage, channel)[0], WAIT_MS, 'Ben’s list');
      expect(listed.text).toBe('No projects matching “seeded project” on the account.');
      expect(JSON.stringify(listed.blocks)).not.toContain(outside.id);

      await stage.driver.command({ channel, user: BEN, text: `track ${outside.id}` });
      const refused = await waitFor(() => ephemeralsIn(stage, channel)[1], WAIT_MS, 'the refusal');
      expect(refused.text).toMatch(
        /^Only the app’s admins can follow a project that was not started from Slack/,
      );
      expect(stage.slack.messages.filter((m) => m.channel === channel)).toEqual([]);
    },
    TEST_MS,
  );
});
