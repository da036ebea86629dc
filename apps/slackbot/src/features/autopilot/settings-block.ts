// The channel settings' autopilot: the languages every video posted in the channel is dubbed into (none: off),
// the minutes cap and its period, and whether a job starts at once or its card waits for Start; read back as
// submitted and checked in the dialog's words. Pure.
import type { types } from '@slack/bolt';
import { type AutopilotMode, type CapPeriod, MAX_CAP_MINUTES, perPeriod } from '../../domain/autopilot.ts';
import { languageName } from '../../domain/languages.ts';
import { parseDestinations } from '../../domain/requests.ts';
import { option, plain, type StateValues } from '../../ui/blocks.ts';
import { destinationSelect } from '../dub/card-blocks.ts';

export const AUTOPILOT_SETTING = {
  langsBlock: 'st_autopilot_langs',
  langsAction: 'autopilot_langs',
  capBlock: 'st_autopilot_cap',
  capAction: 'autopilot_cap',
  periodBlock: 'st_autopilot_period',
  periodAction: 'autopilot_period',
  modeBlock: 'st_autopilot_mode',
  modeAction: 'autopilot_mode',
} as const;

/** The autopilot as the dialog holds it. */
export interface AutopilotChoice {
  dstLangs: string[];
  capMinutes: number;
  period: CapPeriod;
  mode: AutopilotMode;
}

/** What the dialog shows when the channel never set autopilot: off. */
export const AUTOPILOT_DEFAULTS: Readonly<AutopilotChoice> = {
  dstLangs: [],
  capMinutes: 60,
  period: 'day',
  mode: 'start',
};

const PERIODS = [option('a day (UTC)', 'day'), option('a week (Monday to Sunday, UTC)', 'week')];
const MODES = [
  option('Start at once, within the cap', 'start'),
  option('Post the card and wait for Start', 'wait'),
];

export function autopilotBlocks(current: AutopilotChoice): types.InputBlock[] {
  const langs = destinationSelect(current.dstLangs);
  return [
    {
      type: 'input',
      block_id: AUTOPILOT_SETTING.langsBlock,
      optional: true,
      label: plain('Dub every video posted here into …'),
      hint: plain('A link or a file posted in the channel opens a dub by itself. None picked: off.'),
      element: { ...langs, action_id: AUTOPILOT_SETTING.langsAction, placeholder: plain('Off') },
    },
    {
      type: 'input',
      block_id: AUTOPILOT_SETTING.capBlock,
      // Needed only with languages picked: a channel turning autopilot off is not asked for a cap.
      optional: true,
      label: plain('Minutes cap for those dubs'),
      hint: plain(
        'Each language uses the video’s length in whole minutes. Past the cap, a person presses Start.',
      ),
      element: {
        type: 'number_input',
        action_id: AUTOPILOT_SETTING.capAction,
        is_decimal_allowed: false,
        min_value: '1',
        max_value: String(MAX_CAP_MINUTES),
        initial_value: String(current.capMinutes),
      },
    },
    {
      type: 'input',
      block_id: AUTOPILOT_SETTING.periodBlock,
      label: plain('Cap per'),
      element: {
        type: 'static_select',
        action_id: AUTOPILOT_SETTING.periodAction,
        options: PERIODS,
        initial_option: PERIODS.find((o) => o.value === current.period) ?? PERIODS[0]!,
      },
    },
    {
      type: 'input',
      block_id: AUTOPILOT_SETTING.modeBlock,
      label: plain('When a video is posted'),
      element: {
        type: 'radio_buttons',
        action_id: AUTOPILOT_SETTING.modeAction,
        options: MODES,
        initial_option: MODES.find((o) => o.value === current.mode) ?? MODES[0]!,
      },
    },
  ];
}

/**
 * The autopilot submitted, checked: the block and the problem, in the dialog's words, when something is wrong;
 * undefined when the dialog had no autopilot blocks (an older dialog still open: the channel's stays as it is).
 */
export function readAutopilotSetting(
  values: StateValues,
): { ok: true; value: AutopilotChoice } | { ok: false; block: string; problem: string } | undefined {
  const langsBlock = values[AUTOPILOT_SETTING.langsBlock];
  if (!langsBlock) return undefined;
  const picked = (langsBlock[AUTOPILOT_SETTING.langsAction]?.selected_options ?? []).map((o) =>
    String(o.value ?? ''),
  );
  const langs = picked.length > 0 ? parseDestinations(picked.join(',')) : { ok: true as const, value: [] };
  if (!langs.ok) return { ok: false, block: AUTOPILOT_SETTING.langsBlock, problem: langs.problem };
  const cap = values[AUTOPILOT_SETTING.capBlock]?.[AUTOPILOT_SETTING.capAction]?.value?.trim() ?? '';
  const read = /^\d{1,6}$/.test(cap) ? Number(cap) : Number.NaN;
  const valid = read >= 1 && read <= MAX_CAP_MINUTES;
  // Off keeps a cap (the one given, or the default) for when it is turned on again.
  const capMinutes = valid ? read : AUTOPILOT_DEFAULTS.capMinutes;
  if (!valid && langs.value.length > 0)
    return {
      ok: false,
      block: AUTOPILOT_SETTING.capBlock,
      problem: `Give the cap as whole minutes, from 1 to ${MAX_CAP_MINUTES.toLocaleString('en-US')}.`,
    };
  const period =
    values[AUTOPILOT_SETTING.periodBlock]?.[AUTOPILOT_SETTING.periodAction]?.selected_option?.value;
  const mode = values[AUTOPILOT_SETTING.modeBlock]?.[AUTOPILOT_SETTING.modeAction]?.selected_option?.value;
  return {
    ok: true,
    value: {
      dstLangs: langs.value,
      capMinutes,
      period: period === 'week' ? 'week' : 'day',
      mode: mode === 'wait' ? 'wait' : 'start',
    },
  };
}

/** The autopilot as the settings confirmation and the channel's announcement say it. */
export function autopilotSaid(choice: AutopilotChoice): string {
  if (choice.dstLangs.length === 0) return 'autopilot off: a video posted here waits for someone to ask';
  const into = choice.dstLangs.map(languageName).join(', ');
  const how = choice.mode === 'start' ? 'started at once' : 'each card waiting for Start';
  return `autopilot dubs every video posted here into ${into}, up to ${choice.capMinutes.toLocaleString('en-US')} minutes ${perPeriod(choice.period)}, ${how}`;
}
