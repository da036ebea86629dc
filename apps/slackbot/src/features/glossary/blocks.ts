// Glossary messages and the upload dialog: the import report with issues by line, the list, a glossary
// shown, and the modal with a file input (name, languages, channel default). Pure builders.
import type { types } from '@slack/bolt';
import { destinationGroups, LANGUAGES, languageName } from '../../domain/languages.ts';
import type { GlossaryRecord } from '../../store/store.ts';
import {
  type Block,
  button,
  codeSpan,
  context,
  escapeProse,
  escapeText,
  LIMITS,
  type MessageContent,
  option,
  section,
  truncate,
} from '../../ui/blocks.ts';

export const GLOSSARY_UI = {
  callbackId: 'glossary_modal',
  nameBlock: 'gl_name',
  nameAction: 'gl_name',
  srcBlock: 'gl_src',
  srcAction: 'gl_src',
  dstBlock: 'gl_dst',
  dstAction: 'gl_dst',
  fileBlock: 'gl_file',
  fileAction: 'gl_file',
  defaultBlock: 'gl_default',
  defaultAction: 'gl_default',
  makeDefault: 'glossary_make_default',
} as const;

/** At most this many issues are listed; the rest are counted. */
const MAX_ISSUES_SHOWN = 25;

export interface IssueLine {
  line: number;
  column?: number;
  severity: 'error' | 'warning';
  message: string;
}

/** "Brand terms (en→es, v2)" */
export function glossaryLabel(g: Pick<GlossaryRecord, 'name' | 'srcLang' | 'dstLang' | 'version'>): string {
  return `${g.name} (${g.srcLang}→${g.dstLang}, v${g.version})`;
}

/** The outcome of an upload: what was saved (or why nothing was), and every issue with its line. */
export function importReport(input: {
  fileName: string;
  userId: string;
  issues: IssueLine[];
  saved?: {
    glossary: GlossaryRecord;
    updated: boolean;
    entries: number;
    isDefault: boolean;
    channel: string;
  };
  problem?: string;
}): MessageContent {
  const errors = input.issues.filter((i) => i.severity === 'error');
  const warnings = input.issues.filter((i) => i.severity === 'warning');
  let headline: string;
  if (input.saved) {
    const { glossary, updated, entries } = input.saved;
    headline =
      `📒 <@${input.userId}> ${updated ? 'updated' : 'created'} the glossary *${escapeText(glossary.name)}* ` +
      `(${languageName(glossary.srcLang)} → ${languageName(glossary.dstLang)}, ${entries} term${entries === 1 ? '' : 's'}, ` +
      `version ${glossary.version}) from ${escapeText(input.fileName)}.`;
  } else {
    headline = `⚠️ Nothing was saved from ${escapeText(input.fileName)}: ${escapeProse(
      input.problem ??
        `${errors.length} line${errors.length === 1 ? ' has' : 's have'} errors. Fix them and upload again.`,
    )}`;
  }
  const blocks: Block[] = [section(headline)];
  const shown = [...errors, ...warnings].slice(0, MAX_ISSUES_SHOWN);
  if (shown.length > 0) {
    const lines = shown.map(
      (i) =>
        `${i.severity === 'error' ? '❌' : '⚠️'} line ${i.line}${i.column ? `, column ${i.column}` : ''}: ${escapeProse(i.message)}`,
    );
    const more = errors.length + warnings.length - shown.length;
    blocks.push(section(lines.join('\n') + (more > 0 ? `\n…and ${more} more.` : '')));
  }
  if (input.saved && !input.saved.isDefault) {
    blocks.push({
      type: 'actions',
      elements: [
        button(`Make it the default in this channel`, GLOSSARY_UI.makeDefault, input.saved.glossary.id),
      ],
    });
  } else if (input.saved?.isDefault) {
    blocks.push(
      context(
        `It is the default glossary for ${input.saved.glossary.srcLang}→${input.saved.glossary.dstLang} in <#${input.saved.channel}>.`,
      ),
    );
  }
  const text = input.saved
    ? `Glossary ${escapeText(input.saved.glossary.name)} ${input.saved.updated ? 'updated' : 'created'}`
    : `Nothing was saved from ${escapeText(input.fileName)}`;
  return { text, blocks };
}

export function glossaryList(glossaries: GlossaryRecord[], defaults: string[]): MessageContent {
  if (glossaries.length === 0) {
    const text = 'No glossaries yet. Upload one with `/dub glossary`.';
    return { text, blocks: [section(text)] };
  }
  const lines = glossaries.map(
    (g) =>
      `• *${escapeText(g.name)}* — ${g.srcLang}→${g.dstLang}, version ${g.version}${defaults.includes(g.id) ? ' · ⭐ default here' : ''}`,
  );
  const blocks: Block[] = [section('*Glossaries*')];
  for (let i = 0; i < lines.length && blocks.length < LIMITS.messageBlocks - 1; i += 30) {
    blocks.push(section(lines.slice(i, i + 30).join('\n')));
  }
  return { text: `${glossaries.length} glossaries`, blocks };
}

export function glossaryShown(glossary: GlossaryRecord, entries: Record<string, string>): MessageContent {
  const pairs = Object.entries(entries);
  const shown = pairs
    .slice(0, 40)
    .map(([s, t]) => `${escapeText(truncate(s, 60))} → ${escapeText(truncate(t, 60))}`);
  return {
    text: `Glossary ${escapeText(glossary.name)}: ${pairs.length} terms`,
    blocks: [
      section(
        `*${escapeText(glossary.name)}* — ${languageName(glossary.srcLang)} → ${languageName(glossary.dstLang)}, version ${glossary.version}, ${pairs.length} terms`,
      ),
      ...(shown.length > 0 ? [section(shown.join('\n'))] : []),
      ...(pairs.length > shown.length
        ? [
            context(
              `…and ${pairs.length - shown.length} more; ${codeSpan(`/dub glossary export ${glossary.name}`)} gives the whole file.`,
            ),
          ]
        : []),
    ],
  };
}

/** The upload dialog; `channel` rides in private_metadata (the channel the command came from). */
export function glossaryModal(input: { channel: string }): types.ModalView {
  const sources = [...LANGUAGES].sort((a, b) => languageName(a).localeCompare(languageName(b)));
  const sourceOptions = [
    option('From the file’s header', 'auto'),
    ...sources.slice(0, 99).map((c) => option(languageName(c), c)),
  ];
  const dstGroups = destinationGroups().map((group) => ({
    label: { type: 'plain_text' as const, text: group.label },
    options: [
      ...(group.label === 'Popular' ? [option('From the file’s header', 'auto')] : []),
      ...group.codes.slice(0, 99).map((c) => option(languageName(c), c)),
    ],
  }));
  return {
    type: 'modal',
    callback_id: GLOSSARY_UI.callbackId,
    private_metadata: input.channel,
    title: { type: 'plain_text', text: 'Upload a glossary' },
    submit: { type: 'plain_text', text: 'Upload' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      context(
        'A .csv or .tsv file: source term, target term per line, optionally with a header naming the languages (`en,es`). Same name as an existing glossary: it is updated. A header with more languages (`en,es,de`) and no target language picked: you choose which language pairs become glossaries.',
      ),
      {
        type: 'input',
        block_id: GLOSSARY_UI.nameBlock,
        label: { type: 'plain_text', text: 'Name' },
        element: { type: 'plain_text_input', action_id: GLOSSARY_UI.nameAction, max_length: 100 },
      },
      {
        type: 'input',
        block_id: GLOSSARY_UI.fileBlock,
        label: { type: 'plain_text', text: 'File' },
        element: {
          type: 'file_input',
          action_id: GLOSSARY_UI.fileAction,
          filetypes: ['csv', 'tsv', 'txt'],
          max_files: 1,
        },
      },
      {
        type: 'input',
        block_id: GLOSSARY_UI.srcBlock,
        label: { type: 'plain_text', text: 'Source language' },
        element: {
          type: 'static_select',
          action_id: GLOSSARY_UI.srcAction,
          options: sourceOptions,
          initial_option: sourceOptions[0]!,
        },
      },
      {
        type: 'input',
        block_id: GLOSSARY_UI.dstBlock,
        label: { type: 'plain_text', text: 'Target language' },
        element: {
          type: 'static_select',
          action_id: GLOSSARY_UI.dstAction,
          option_groups: dstGroups,
          initial_option: dstGroups[0]!.options[0]!,
        },
      },
      {
        type: 'input',
        block_id: GLOSSARY_UI.defaultBlock,
        optional: true,
        label: { type: 'plain_text', text: 'Channel default' },
        element: {
          type: 'checkboxes',
          action_id: GLOSSARY_UI.defaultAction,
          options: [option('Use it by default for this language pair in this channel', 'default')],
        },
      },
    ],
  } as types.ModalView;
}
