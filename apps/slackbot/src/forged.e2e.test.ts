// Forged but correctly signed payloads, for every button, select, modal, shortcut and command the app
// registers — the list is read from the registrations themselves, so a new one is tried too. Mallory is not in
// Ana's private channel; Ben is. Each registration is tried from her own channel, from another thread, inside a
// modal she holds about something else (her own `/dub settings`), as a legacy `interactive_message`, with no
// `type`, and with a made-up session; so are events (her "stop" mention naming the thread of Ana's job) and
// subcommands (typed, she claims, in Ana's DM with the app, and from her own channel naming Ana's thread); then
// the store, the emulator (no project, minutes unchanged) and the fake Slack (nothing written, no modal) must
// show that nothing happened — while Ben's real click still works. Over HTTP and over Socket Mode. What Slack's
// signature itself proves (the channel and user of a command or a mention, a click's channel) is Slack's word, not
// a forgery: with the signing secret one could as well sign as Ben. A DM is the exception: whose it is, only Slack
// can say. Then every registration, the commands and a mention again, as Ben (a member) would send them but from
// another workspace that did not install the app, naming Ana's job, language and review: refused by their team.
import { byKind, keyOf, type SlackMessage, type SlackMode, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { NOT_YOURS } from './access/access.ts';
import { APPROVAL_ACTIONS } from './features/approval/blocks.ts';
import { REVIEW } from './features/review/modal.ts';
import { THREAD_ACTIONS } from './features/review/thread-blocks.ts';
import { SETTINGS_UI } from './features/settings/blocks.ts';
import { ANA, BEN, WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { cardOf, jobIdOf } from './test-support/threads.ts';

const MALLORY = 'U0MAL';
/** A workspace that did not install the app (single-workspace mode: every team but the bot token's). */
const OTHER_TEAM = 'T0OTHER';
const PRIVATE = 'C8PRIV';
const HERS = 'C8MAL';

type Payload = Record<string, unknown>;

/** What the app, the service and Slack hold: compared before and after the forgeries. */
async function snapshot(
  stage: AppStage,
  jobId: string,
  targetId: string,
  projectId: string,
  pickingId: string,
) {
  const store = stage.app.store;
  const credits = await stage.app.service.credits();
  return {
    job: await store.getJob(jobId),
    picking: await store.getJob(pickingId),
    targets: await store.targetsOf(jobId),
    approvals: await store.approvalsOf([targetId]),
    deliveries: (await store.deliveriesOf(jobId)).length,
    renderIntents: await store.renderIntents(),
    segments: await stage.app.service.getSegments(projectId),
    projects: (await stage.app.service.listProjects({ offset: 0, limit: 100 })).projects.length,
    credits,
    glossaries: await store.glossaries(),
    // Every message but the status messages, the card's line for the language and the approved render's reply,
    // which an approval redraws.
    messages: JSON.stringify(
      stage.slack.messages.filter(
        (m) =>
          !keyOf(m).startsWith('status:') &&
          keyOf(m) !== `card:${jobId}` &&
          !keyOf(m).startsWith(`dubbed:${targetId}.`),
      ),
    ),
    views: JSON.stringify(stage.slack.views),
    writes: ['chat.postMessage', 'views.open', 'views.update', 'views.publish'].map(
      (method) => stage.slack.callsOf(method).length,
    ),
  };
}

describe.each<SlackMode>(['http', 'socket'])('forged payloads (%s)', (mode) => {
  const stage = useStage({ speed: 40, mode });

  it(
    'for every registration are refused, and change nothing; a member’s real click still works',
    { timeout: 120_000 },
    async () => {
      stage.slack.setMembers(PRIVATE, [ANA, BEN]);
      stage.slack.setMembers(HERS, [MALLORY]);
      // QA off: Ben's real Approve at the end approves at once, opening no dialog to compare.
      await qaOff(stage, PRIVATE);
      // Ana's job in the private channel, dubbed into Spanish.
      await stage.driver.command({
        channel: PRIVATE,
        user: ANA,
        text: 'https://vimeo.com/515151 to es from en',
      });
      const card = await cardOf(stage, PRIVATE);
      const jobId = jobIdOf(card);
      const dubbed = await waitFor(
        () => byKind(stage.slack.thread(PRIVATE, card.ts), 'dubbed')[0],
        WAIT_MS,
        'the dubbed reply',
      );
      await stage.drained(jobId);
      const [target] = await stage.app.store.targetsOf(jobId);
      // Ana's review of it, open; Mallory's own settings modal, open in her channel.
      let before = stage.slack.views.length;
      await stage.driver.click({ message: dubbed, actionId: THREAD_ACTIONS.review, user: ANA });
      const anaReview = await waitFor(() => stage.slack.views[before], WAIT_MS, 'Ana’s review');
      await waitFor(() => anaReview.view.callback_id === REVIEW.callbackId, WAIT_MS, 'the review view');
      const sessionId = String(anaReview.view.private_metadata);
      before = stage.slack.views.length;
      await stage.driver.command({ channel: HERS, user: MALLORY, text: 'settings' });
      const hers = await waitFor(() => stage.slack.views[before], WAIT_MS, 'Mallory’s settings');
      expect(hers.view.callback_id).toBe(SETTINGS_UI.callbackId);
      // Ana's second job, its card still waiting for languages: a "stop" in its thread would cancel it.
      await stage.driver.command({ channel: PRIVATE, user: ANA, text: 'https://vimeo.com/525252' });
      const picking = await waitFor(
        () =>
          stage.slack.messages.find(
            (m) => m.channel === PRIVATE && keyOf(m).startsWith('card:') && m.ts !== card.ts,
          ),
        WAIT_MS,
        'the second card',
      );
      const pickingId = jobIdOf(picking);
      // Its video read and its card drawn with the length: nothing left to change it but a press.
      await waitFor(
        async () => (await stage.app.store.getJob(pickingId))?.mediaReady,
        WAIT_MS,
        'the second video read',
      );
      await stage.drained(pickingId);
      // Ana's DM with the app, where her own command is hers.
      const anasDm = stage.slack.openDirectMessage(ANA);
      const own = await stage.driver.command({ channel: anasDm, user: ANA, text: 'list' });
      expect(own.body).not.toContain('could not confirm you are one');
      // From her own channel, naming the thread of Ana's job: the subcommand acts only where she is.
      const link = (ts: string) => `<https://acme.slack.com/archives/${PRIVATE}/p${ts.replace('.', '')}>`;
      await stage.driver.command({ channel: HERS, user: MALLORY, text: `stop ${link(picking.ts)}` });
      await waitFor(
        () =>
          stage.slack.ephemerals.find(
            (e) => e.user === MALLORY && e.text.includes('in the channel the dub is in'),
          ),
        WAIT_MS,
        'the answer in her channel',
      );
      const projectId = target!.projectId!;
      const start = await snapshot(stage, jobId, target!.id, projectId, pickingId);
      const ephemerals = stage.slack.ephemerals.length;

      const registrations = stage.app.registrations;
      expect(registrations.filter((r) => r.kind === 'action').length).toBeGreaterThan(20);
      const base = (user: string): Payload => ({
        team: { id: stage.slack.teamId },
        user: { id: user, name: user.toLowerCase() },
        api_app_id: stage.slack.appId,
        token: 'unused',
        trigger_id: `t${Math.random().toString(16).slice(2)}`,
      });
      const onMessage = (message: SlackMessage, channel: string, user: string, action: Payload): Payload => ({
        ...base(user),
        type: 'block_actions',
        container: { type: 'message', message_ts: message.ts, channel_id: channel, is_ephemeral: false },
        channel: { id: channel },
        message: { ...message, channel, history: undefined },
        state: { values: {} },
        response_url: stage.slack.responseUrl(channel, user),
        actions: [action],
      });
      const inView = (
        view: { id: string; view: Payload },
        user: string,
        action: Payload,
        metadata?: string,
      ) => ({
        ...base(user),
        type: 'block_actions',
        container: { type: 'view', view_id: view.id },
        view: {
          ...view.view,
          id: view.id,
          hash: `h-${view.id}`,
          state: { values: {} },
          ...(metadata === undefined ? {} : { private_metadata: metadata }),
        },
        actions: [action],
      });
      const forged: Payload[] = [];
      for (const r of registrations) {
        if (r.kind === 'action') {
          // The id its rule looks up, of Ana's job: the job, the language, the review session.
          const value =
            r.rule === 'job member' ? jobId : r.rule.startsWith('inside') ? sessionId : target!.id;
          const type = r.rule === 'selection' ? 'static_select' : 'button';
          const action = { type, action_id: r.key, block_id: 'b', value, action_ts: '1.0' };
          const message = r.rule === 'job member' ? card : dubbed;
          // Ben is a member: only the shape is wrong, so only the gate's default deny can refuse these.
          forged.push({ ...onMessage(message, PRIVATE, BEN, action), type: 'interactive_message' });
          const { type: _type, ...untyped } = onMessage(message, PRIVATE, BEN, action);
          forged.push(untyped);
          forged.push(onMessage(message, PRIVATE, BEN, { ...action, type: 'workflow_button', extra: true }), {
            ...onMessage(message, PRIVATE, BEN, action),
            actions: [action, action],
          });
          if (r.rule === 'selection') continue;
          // A channel's own buttons (the project list, a glossary report) are anyone's there: in her channel
          // or another thread they are hers, and what they name is checked by the service. A job's are not.
          if (r.rule !== 'channel member') {
            forged.push(onMessage(message, HERS, MALLORY, action));
            forged.push(onMessage({ ...message, thread_ts: '1.000001' }, PRIVATE, BEN, action));
          }
          // Inside her own modal (granted to her, about her channel), and inside Ana's review as herself.
          forged.push(inView(hers, MALLORY, action));
          forged.push(inView(anaReview, MALLORY, action));
          // Ana's review view, with a session made up.
          forged.push(inView(anaReview, ANA, { ...action, value: 'made-up' }, 'made-up'));
        } else if (r.kind === 'view') {
          // Her own modal, pointed at this registration and at Ana's language or review.
          for (const metadata of [target!.id, sessionId, jobId, PRIVATE, 'made-up'])
            forged.push({
              ...base(MALLORY),
              type: 'view_submission',
              view: {
                ...hers.view,
                id: hers.id,
                callback_id: r.key,
                private_metadata: metadata,
                state: { values: {} },
              },
            });
          // Ana's review, submitted by Mallory.
          forged.push({
            ...base(MALLORY),
            type: 'view_submission',
            view: { ...anaReview.view, id: anaReview.id, callback_id: r.key, state: { values: {} } },
          });
        } else if (r.kind === 'shortcut') {
          const shortcut = {
            ...base(MALLORY),
            type: 'message_action',
            callback_id: r.key,
            channel: { id: PRIVATE },
            message: { ...card, history: undefined },
            message_ts: card.ts,
            response_url: stage.slack.responseUrl(PRIVATE, MALLORY),
          };
          forged.push(shortcut, { ...shortcut, user: { id: BEN }, type: 'shortcut' });
        }
      }
      // Each registration as Ben, a member, would send it well-formed, on Ana's message or review, from another
      // workspace.
      const fromOtherTeam = (payload: Payload): Payload => ({
        ...payload,
        team: { id: OTHER_TEAM },
        user: { id: BEN, team_id: OTHER_TEAM },
      });
      const fromElsewhere: Payload[] = [];
      for (const r of registrations) {
        if (r.kind === 'action' && r.rule !== 'selection') {
          const value =
            r.rule === 'job member' ? jobId : r.rule.startsWith('inside') ? sessionId : target!.id;
          const action = { type: 'button', action_id: r.key, block_id: 'b', value, action_ts: '1.0' };
          fromElsewhere.push(
            fromOtherTeam(onMessage(r.rule === 'job member' ? card : dubbed, PRIVATE, BEN, action)),
          );
        } else if (r.kind === 'view')
          fromElsewhere.push(
            fromOtherTeam({
              ...base(BEN),
              type: 'view_submission',
              view: { ...anaReview.view, id: anaReview.id, callback_id: r.key, state: { values: {} } },
            }),
          );
        else if (r.kind === 'shortcut')
          fromElsewhere.push(
            fromOtherTeam({
              ...base(BEN),
              type: 'message_action',
              callback_id: r.key,
              channel: { id: PRIVATE },
              message: { ...card, history: undefined },
              message_ts: card.ts,
            }),
          );
      }
      expect(fromElsewhere.length).toBeGreaterThan(20);
      for (const payload of [...forged, ...fromElsewhere]) {
        const answer = await stage.driver.forge(payload);
        expect(answer.status).toBe(200);
      }
      // Ben's commands and mention, as another workspace's: a dub, and a stop naming Ana's waiting job.
      stage.slack.installs.addWorkspace({ id: OTHER_TEAM, name: 'Not installed' });
      const otherTeam = stage.driver.in(OTHER_TEAM);
      for (const text of ['https://vimeo.com/717171 to es', `stop ${link(picking.ts)}`, 'list']) {
        const answer = await otherTeam.command({ channel: PRIVATE, user: BEN, text });
        expect(answer.body, text).toContain('could not take that command as it was sent');
      }
      await otherTeam.event({
        type: 'app_mention',
        channel: PRIVATE,
        user: BEN,
        text: `<@${stage.slack.botUserId}> stop`,
        ts: '1700009999.000002',
        thread_ts: picking.ts,
      });
      // Commands: naming no channel, a command the app has not registered, and Ana's thread from her channel.
      const anaThread = `https://t.slack.com/archives/${PRIVATE}/p${card.ts.replace('.', '')}`;
      for (const [channel, command, text] of [
        ['', '/dub', 'https://vimeo.com/616161 to es,de,fr,it,pt'],
        [PRIVATE, '/notdub', 'settings'],
        [HERS, '/dub', `stop ${anaThread}`],
      ] as const) {
        const answer = await stage.driver.command({ channel, command, user: MALLORY, text });
        expect(answer.status).toBe(200);
        if (command === '/dub' && channel === HERS) continue;
        expect(answer.body).toContain('could not take that command as it was sent');
      }
      // Subcommands typed in Ana's DM with the app: a `D…` id is nobody's by its prefix.
      for (const text of ['list waiting', 'settings', 'glossary list', `stop ${link(picking.ts)}`]) {
        const answer = await stage.driver.command({ channel: anasDm, user: MALLORY, text });
        expect(answer.body, text).toContain('could not take that command as it was sent');
      }
      // A signed "stop" mention from her own channel, naming the thread of Ana's waiting job.
      await stage.driver.event({
        type: 'app_mention',
        channel: HERS,
        user: MALLORY,
        text: `<@${stage.slack.botUserId}> stop`,
        ts: '1700009999.000001',
        thread_ts: picking.ts,
      });

      // Ben's real click, sent last, takes effect: the approval is his.
      await stage.driver.click({ message: dubbed, actionId: APPROVAL_ACTIONS.approve, user: BEN });
      await waitFor(
        async () => (await stage.app.store.approvalsOf([target!.id]))[0]?.userId === BEN,
        WAIT_MS,
        'Ben’s approval',
      );
      await stage.drained(jobId);

      const end = await snapshot(stage, jobId, target!.id, projectId, pickingId);
      expect(end.picking?.state).toBe('picking');
      expect(start.approvals).toEqual([]);
      expect(end.approvals).toMatchObject([{ userId: BEN }]);
      await waitFor(
        () => JSON.stringify(dubbed.blocks).includes(`✅ Approved by <@${BEN}> · render 1`),
        WAIT_MS,
        'the reply marked approved by Ben',
      );
      // Everything else is as it was: no job, render, edit, project, minute, glossary, message or modal.
      expect({ ...end, approvals: [] }).toEqual(start);
      expect(stage.slack.messages.filter((m) => m.channel === HERS)).toEqual([]);
      // Ben heard one answer that was not a refusal: his real click's. Everyone else was only refused (her
      // `/dub stop` of Ana's thread is sent to the job's channel, which it does not name; her "stop" mention finds
      // no dub in her own channel's thread of that name).
      const told = stage.slack.ephemerals.slice(ephemerals);
      const elsewhere = 'Run `/dub stop` with that link in the channel the dub is in.';
      const noDubThere = 'That thread has no dub of mine to stop.';
      expect(told.filter((e) => e.text === elsewhere).map((e) => e.user)).toEqual([MALLORY]);
      expect(told.filter((e) => e.text === noDubThere).map((e) => e.user)).toEqual([MALLORY]);
      const answers = told.filter(
        (e) => e.text !== `⛔ ${NOT_YOURS}` && e.text !== elsewhere && e.text !== noDubThere,
      );
      expect(answers.map((e) => e.user)).toEqual([BEN]);
      expect(told.filter((e) => e.user === MALLORY).length).toBeGreaterThan(0);
    },
  );
});
