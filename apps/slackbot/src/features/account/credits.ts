// The account's credits as bars (`/dub credits`, App Home) and the warning posted before a job starts when
// the video needs more minutes than are left. Pure builders.

import { minutesLeft, minutesNeeded } from '../../domain/credits.ts';
import { type Block, context, type MessageContent, section } from '../../ui/blocks.ts';

export interface Balance {
  total: number;
  used: number;
}

export interface CreditsView {
  minutes: Balance;
  video: Balance;
  lipsync_free_minutes: Balance;
}

const CELLS = 20;

/** "▰▰▰▰▱▱▱▱ 1,820 of 6,000 used · 4,180 left" */
export function usageBar(balance: Balance, unit: string): string {
  const total = Math.max(0, balance.total);
  const used = Math.min(Math.max(0, balance.used), total);
  const filled = total === 0 ? CELLS : Math.round((used / total) * CELLS);
  const bar = `${'▰'.repeat(filled)}${'▱'.repeat(CELLS - filled)}`;
  return `\`${bar}\` ${number(used)} of ${number(total)} ${unit} used · *${number(total - used)} left*`;
}

/** Whole minutes left on the account (never negative). */
export function creditsBlocks(credits: CreditsView): Block[] {
  return [
    section(`*Minutes*\n${usageBar(credits.minutes, 'minutes')}`),
    section(`*Videos*\n${usageBar(credits.video, 'videos')}`),
    section(`*Free lip-sync minutes*\n${usageBar(credits.lipsync_free_minutes, 'minutes')}`),
  ];
}

export function creditsMessage(credits: CreditsView): MessageContent {
  return {
    text: `${minutesLeft(credits)} minutes left on the dubbing account`,
    blocks: [
      section('*Dubbing account credits*'),
      ...creditsBlocks(credits),
      context('A project reserves its video’s length in whole minutes per language when it starts.'),
    ],
  };
}

export function creditsWarning(input: {
  durationSeconds: number;
  languages: number;
  left: number;
}): MessageContent {
  const needed = minutesNeeded(input.durationSeconds, input.languages);
  const per = Math.ceil(input.durationSeconds / 60);
  const langs = `${input.languages} language${input.languages === 1 ? '' : 's'}`;
  const text =
    `The video is ${per} min long, so dubbing it into ${langs} needs ${needed} minutes, ` +
    `but only ${input.left} are left on the account. Nothing was started, and no minutes were used.`;
  return {
    text,
    blocks: [
      section(`⚠️ *Not enough minutes.* ${text}`),
      context(
        'Add minutes to the account and press Retry on each language, or Retry only the languages that fit. ' +
          '`/dub credits` shows the balance.',
      ),
    ],
  };
}

function number(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
