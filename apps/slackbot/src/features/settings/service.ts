// A channel's defaults (`/dub settings`): the languages the job card preselects and one glossary per
// language pair, applied to jobs started without the card; and who approves there. Once a channel names
// approvers, only they (or an admin) can change that list: anyone else could otherwise name themselves; while
// it names none, any member may. Every change of it is announced in the channel, so nobody changes it unseen;
// so is every change of the channel's autopilot (what it dubs by itself, within which cap).
import type { SubtitleFormat } from '@dubkit/subtitles';
import type { types } from '@slack/bolt';
import { isGroupId } from '../../domain/approvals.ts';
import { languageName } from '../../domain/languages.ts';
import type { QaSetting } from '../../domain/localization-qa.ts';
import { parseDestinations } from '../../domain/requests.ts';
import { DEFAULT_FORMATS } from '../../outbox/subtitle-files.ts';
import { approverAnswer, type UserGroups } from '../../slack/usergroups.ts';
import type {
  ApproverStore,
  AutopilotStore,
  FormatSettingsStore,
  GlossaryStore,
  OutboxStore,
  QaSettingsStore,
} from '../../store/store.ts';
import type { PickerGlossary } from '../../thread/card.ts';
import { escapeText, section } from '../../ui/blocks.ts';
import { APPROVERS_MAX, anyOf } from '../approval/blocks.ts';
import { AUTOPILOT_DEFAULTS, type AutopilotChoice, autopilotSaid } from '../autopilot/settings-block.ts';
import { glossaryLabel } from '../glossary/blocks.ts';
import type { GlossaryService } from '../glossary/service.ts';
import { qaSettingOf, qaSettingSaid } from '../qa/settings-block.ts';
import {
  APPROVER_GROUPS_SETTING,
  APPROVERS_SETTING,
  approverGroupsProblem,
  approversProblem,
  approversSaid,
} from './approvers-block.ts';
import { SETTINGS_UI, settingsModal } from './blocks.ts';
import { FORMATS_SETTING, formatsSaid } from './formats-block.ts';

export type SaveOutcome = { ok: true; message: string } | { ok: false; block: string; problem: string };

export class SettingsService {
  readonly #store: ApproverStore &
    AutopilotStore &
    FormatSettingsStore &
    GlossaryStore &
    OutboxStore &
    QaSettingsStore;
  readonly #glossaries: GlossaryService;
  readonly #now: () => number;
  readonly #isAdmin: (user: string) => boolean;
  readonly #groups: UserGroups | undefined;
  readonly #wakeDeliverer: () => void;

  constructor(options: {
    store: ApproverStore &
      AutopilotStore &
      FormatSettingsStore &
      GlossaryStore &
      OutboxStore &
      QaSettingsStore;
    glossaries: GlossaryService;
    now?: () => number;
    /** ADMIN_USER_IDS: they may change any channel's approvers. */
    isAdmin?: (user: string) => boolean;
    /** The workspace's user groups, offered as approvers; who is in one may change the list too. */
    groups?: UserGroups;
    /** Wakes the outbox after a change of approvers was enqueued for the channel. */
    wakeDeliverer?: () => void;
  }) {
    this.#wakeDeliverer = options.wakeDeliverer ?? (() => {});
    this.#groups = options.groups;
    this.#store = options.store;
    this.#glossaries = options.glossaries;
    this.#now = options.now ?? Date.now;
    this.#isAdmin = options.isAdmin ?? (() => false);
  }

  /** What a job card in the channel offers first: its default languages, the glossaries, its defaults chosen. */
  async pickerFor(
    channel: string,
  ): Promise<{ dstLangs: string[]; glossaries: PickerGlossary[]; glossaryIds: string[] }> {
    return {
      dstLangs: (await this.#store.channelSettings(channel))?.dstLangs ?? [],
      glossaries: (await this.#glossaries.offered(channel)).map((g) => ({
        id: g.id,
        label: glossaryLabel(g),
      })),
      glossaryIds: await this.#glossaries.defaultsOf(channel),
    };
  }

  /** The settings modal for a channel, with what is set now. */
  async modal(channel: string): Promise<types.ModalView> {
    const current = await this.#store.channelSettings(channel);
    const glossaries = await this.#glossaries.offered(channel);
    return settingsModal({
      channel,
      dstLangs: current?.dstLangs ?? [],
      glossaries: glossaries.map((g) => ({ id: g.id, label: glossaryLabel(g) })),
      glossaryIds: await this.#glossaries.defaultsOf(channel),
      qa: qaSettingOf(await this.#store.channelQa(channel)),
      formats: (await this.#store.channelFormats(channel))?.formats ?? [...DEFAULT_FORMATS],
      approvers: await this.#store.channelApprovers(channel),
      approverGroups: (await this.#groups?.list(false)) ?? [],
      autopilot: (await this.#store.channelAutopilot(channel)) ?? AUTOPILOT_DEFAULTS,
    });
  }

  /** Checks and saves a channel's defaults; what is wrong (and in which block of the modal) otherwise. */
  async save(
    channel: string,
    userId: string,
    chosen: {
      dstLangs: string[];
      glossaryIds: string[];
      qa?: QaSetting;
      formats?: SubtitleFormat[];
      approvers?: string[];
      /** Group ids picked; without them (none offered) the channel's groups stay as they are. */
      approverGroups?: string[];
      /** Checked by the dialog's reader; without it the channel's autopilot stays as it is. */
      autopilot?: AutopilotChoice;
    },
  ): Promise<SaveOutcome> {
    const langs =
      chosen.dstLangs.length > 0
        ? parseDestinations(chosen.dstLangs.join(','))
        : { ok: true as const, value: [] };
    const glossaries = await Promise.all(chosen.glossaryIds.map((id) => this.#store.getGlossary(id)));
    const pairs = new Set<string>();
    let problem: string | undefined;
    for (const g of glossaries) {
      // Another channel's glossary is not offered here; an id of one in the payload is refused like a gone one.
      if (!g || g.channel !== channel) problem = 'A glossary picked no longer exists.';
      else if (pairs.has(`${g.srcLang}>${g.dstLang}`))
        problem = `Pick one glossary per language pair (two are ${g.srcLang}→${g.dstLang}).`;
      else pairs.add(`${g.srcLang}>${g.dstLang}`);
    }
    if (problem) return { ok: false, block: SETTINGS_UI.glossaryBlock, problem };
    if (!langs.ok) return { ok: false, block: SETTINGS_UI.langsBlock, problem: langs.problem };
    if (chosen.formats?.length === 0)
      return {
        ok: false,
        block: FORMATS_SETTING.block,
        problem: 'Tick at least one subtitle format: each dubbed reply attaches the formats ticked here.',
      };
    let approvers: string[] | undefined;
    if (chosen.approvers) {
      const people = approversProblem(chosen.approvers);
      if (people) return { ok: false, block: APPROVERS_SETTING.block, problem: people };
      const groups = await this.#approverGroups(channel, chosen.approverGroups);
      if (!groups.ok) return { ok: false, block: APPROVER_GROUPS_SETTING.block, problem: groups.problem };
      approvers = [...chosen.approvers, ...groups.ids];
      const wrong = await this.#approversRefusal(channel, userId, approvers);
      if (wrong) return { ok: false, block: APPROVERS_SETTING.block, problem: wrong };
    }
    await this.#store.saveChannelSettings({
      channel,
      dstLangs: langs.value,
      glossaryIds: chosen.glossaryIds,
      updatedBy: userId,
      updatedAt: this.#now(),
    });
    if (chosen.qa) {
      // Off keeps the preset chosen before, so turning QA back on restores it.
      const before = await this.#store.channelQa(channel);
      await this.#store.saveChannelQa({
        channel,
        enabled: chosen.qa !== 'off',
        preset: chosen.qa === 'off' ? (before?.preset ?? 'netflix') : chosen.qa,
        updatedBy: userId,
        updatedAt: this.#now(),
      });
    }
    if (chosen.formats)
      await this.#store.saveChannelFormats({
        channel,
        formats: chosen.formats,
        updatedBy: userId,
        updatedAt: this.#now(),
      });
    if (approvers) await this.#saveApprovers(channel, userId, approvers);
    if (chosen.autopilot) await this.#saveAutopilot(channel, userId, chosen.autopilot);
    // A glossary's name is a person's words: escaped, so that `<https://…|x>` or `<!here>` in it stays text.
    const names = glossaries.flatMap((g) => (g?.name ? [escapeText(g.name)] : []));
    return {
      ok: true,
      message:
        `Saved the defaults for <#${channel}>: ${langs.value.length > 0 ? `dub into ${langs.value.map(languageName).join(', ')}` : 'no default languages'}` +
        `${names.length > 0 ? `; glossaries ${names.join(', ')}` : ''}` +
        `${chosen.qa ? `; ${qaSettingSaid(chosen.qa)}` : ''}` +
        `${chosen.formats ? `; ${formatsSaid(chosen.formats)}` : ''}` +
        `${approvers ? `; ${approversSaid(approvers)}` : ''}` +
        `${chosen.autopilot ? `; ${autopilotSaid(chosen.autopilot)}` : ''}.`,
    };
  }

  /**
   * The groups to save: those picked, each one Slack lists now (never an id trusted from the payload); with
   * none offered (no groups, or Slack would not list them), the channel's groups as they are.
   */
  async #approverGroups(
    channel: string,
    picked: string[] | undefined,
  ): Promise<{ ok: true; ids: string[] } | { ok: false; problem: string }> {
    if (!picked) return { ok: true, ids: (await this.#store.channelApprovers(channel)).filter(isGroupId) };
    if (picked.length === 0) return { ok: true, ids: [] };
    const listed = await this.#groups?.list(false);
    if (!listed)
      return {
        ok: false,
        problem: 'Slack did not list the user groups just now; try saving again in a moment.',
      };
    const problem = approverGroupsProblem(picked, listed);
    return problem ? { ok: false, problem } : { ok: true, ids: picked };
  }

  /** Saves the channel's approvers; a change is announced in the channel, saying who made it. */
  async #saveApprovers(channel: string, userId: string, approvers: string[]): Promise<void> {
    const before = await this.#store.channelApprovers(channel);
    const now = this.#now();
    await this.#store.saveChannelApprovers({
      channel,
      userIds: approvers,
      updatedBy: userId,
      updatedAt: now,
    });
    if (before.length === approvers.length && before.every((id, i) => id === approvers[i])) return;
    await this.#announce(
      channel,
      `approvers:${channel}:${now}:${approvers.join(',')}`,
      `👥 <@${userId}> changed who approves dubs here: ${approversSaid(approvers)}.`,
      now,
    );
  }

  /** Saves the channel's autopilot; a change is announced in the channel, saying who made it. */
  async #saveAutopilot(channel: string, userId: string, choice: AutopilotChoice): Promise<void> {
    const before = await this.#store.channelAutopilot(channel);
    const now = this.#now();
    await this.#store.saveChannelAutopilot({ channel, ...choice, updatedBy: userId, updatedAt: now });
    const said = autopilotSaid(choice);
    // Off before and off now (whatever its cap) changes nothing anyone sees.
    if (autopilotSaid(before ?? AUTOPILOT_DEFAULTS) === said) return;
    await this.#announce(
      channel,
      `autopilot:${channel}:${now}:${choice.dstLangs.join(',')}:${choice.capMinutes}:${choice.period}:${choice.mode}`,
      `🤖 <@${userId}> changed this channel’s settings: ${said}.`,
      now,
    );
  }

  /** A message to the whole channel (not in a thread), through the outbox. */
  async #announce(channel: string, key: string, text: string, now: number): Promise<void> {
    await this.#store.enqueue(
      {
        key,
        jobId: key,
        kind: 'reply',
        inThread: false,
        payload: { text, blocks: [section(text)] },
        to: { channel, threadTs: null },
      },
      now,
    );
    this.#wakeDeliverer();
  }

  /** Why `userId` may not make `approvers` the channel's approvers; undefined when they may. */
  async #approversRefusal(channel: string, userId: string, approvers: string[]): Promise<string | undefined> {
    if (approvers.length > APPROVERS_MAX) return `Pick at most ${APPROVERS_MAX} approvers and groups in all.`;
    const now = await this.#store.channelApprovers(channel);
    const same = now.length === approvers.length && now.every((id, i) => id === approvers[i]);
    if (same || now.length === 0 || this.#isAdmin(userId)) return undefined;
    if ((await approverAnswer(now, userId, this.#groups)) === 'yes') return undefined;
    return `Only ${anyOf(now)} can change who approves in this channel.`;
  }
}
