// App Home: the person's recent jobs and the state of each language, the account's credits, and the channel
// defaults they set. Pure builder; stays within a Home view's 100 blocks.
import type { types } from '@slack/bolt';
import { languageLabel } from '../../domain/languages.ts';
import { type Block, context, escapeText, LIMITS, section, truncate } from '../../ui/blocks.ts';
import { type CreditsView, creditsBlocks } from '../account/credits.ts';

export interface HomeJob {
  title: string;
  channel: string;
  /** "picking", "cancelled" or per-language states. */
  state: string;
  /** `review`: a dubbed language's approval or wait, in mrkdwn (it mentions the approver). */
  langs: { lang: string; label: string; done: boolean; failed: boolean; review?: string }[];
}

export interface HomeDefaults {
  channel: string;
  dstLangs: string[];
  glossaries: string[];
}

const MAX_JOBS = 20;

export function homeView(input: {
  jobs: HomeJob[];
  credits: CreditsView | null;
  defaults: HomeDefaults[];
}): types.HomeView {
  const blocks: Block[] = [{ type: 'header', text: { type: 'plain_text', text: 'Your dubs' } }];
  if (input.jobs.length === 0)
    blocks.push(
      section('No dubs yet. Drop a video link or file in a channel I am in, or use `/dub <link>`.'),
    );
  for (const job of input.jobs.slice(0, MAX_JOBS)) {
    const langs =
      job.state === 'picking'
        ? '_waiting for languages to be picked_'
        : job.state === 'cancelled'
          ? '_cancelled_'
          : job.state === 'stopped'
            ? '_stopped: no longer followed_'
            : job.langs
                .map(
                  (l) =>
                    `${l.failed ? '❌' : l.done ? '✅' : '⏳'} ${languageLabel(l.lang)}: ${escapeText(l.label)}` +
                    (l.review ? `, ${l.review}` : ''),
                )
                .join(' · ');
    blocks.push(
      section(truncate(`*${escapeText(job.title)}* in <#${job.channel}>\n${langs}`, LIMITS.sectionText)),
    );
  }
  blocks.push({ type: 'divider' }, { type: 'header', text: { type: 'plain_text', text: 'Account credits' } });
  if (input.credits) blocks.push(...creditsBlocks(input.credits));
  else blocks.push(section('The credits could not be read from the dubbing service just now.'));
  blocks.push(
    { type: 'divider' },
    { type: 'header', text: { type: 'plain_text', text: 'Channel defaults you set' } },
  );
  if (input.defaults.length === 0)
    blocks.push(section('None yet: `/dub settings` in a channel sets its languages and glossary.'));
  for (const d of input.defaults.slice(0, LIMITS.modalBlocks - blocks.length - 1)) {
    const langs = d.dstLangs.length > 0 ? d.dstLangs.map(languageLabel).join(', ') : 'no default languages';
    const glossaries =
      d.glossaries.length > 0 ? ` · glossaries: ${d.glossaries.map(escapeText).join(', ')}` : '';
    blocks.push(section(truncate(`<#${d.channel}>: ${langs}${glossaries}`, LIMITS.sectionText)));
  }
  blocks.push(context('`/dub help` · `/dub credits` · `/dub list` · `/dub glossary` · `/dub settings`'));
  return { type: 'home', blocks: blocks.slice(0, LIMITS.modalBlocks) };
}
