// `/dub glossary …`, the upload dialog and the import report's "Make it the default" button. list, show,
// default and delete answer the one person; the dialog's import and export are posted in the channel
// through the outbox.
import type { Logger } from 'pino';
import type { ButtonArgs, CommandArgs, Registry, SelectArgs, ViewArgs } from '../../access/registry.ts';
import { type ChannelSubject, rules } from '../../access/rules.ts';
import { publicFailure } from '../../errors/public.ts';
import { BUSY } from '../../slack/busy.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ModalGrant } from '../../store/store.ts';
import { ephemeral, escapeProse, type StateValues } from '../../ui/blocks.ts';
import { GLOSSARY_UI, glossaryModal } from './blocks.ts';
import { parseGlossaryCommand } from './command.ts';
import type { GlossaryService } from './service.ts';
import { TERMBASE_UI, tickedPairIds } from './termbase-blocks.ts';
import { OFFER_FORGED, type OfferAnswer } from './termbases.ts';

export interface GlossaryDeps {
  glossaries: GlossaryService;
  slack: Pick<Interactions, 'openModal' | 'sharedFile'>;
  logger: Logger;
}

export function registerGlossary(r: Registry, deps: GlossaryDeps): void {
  r.subcommand({
    names: ['glossary', 'glossaries'],
    help:
      '`/dub glossary` — upload a .csv/.tsv glossary (or share the file with `@dubkit glossary <name>`); ' +
      '`/dub glossary list | show <name> | export <name> | default <name> | delete <name>`',
    rule: rules.caller,
    run: (args, words, { channel }) => glossaryCommand(deps, args, words, channel),
  });
  r.view(GLOSSARY_UI.callbackId, rules.opener, submitGlossaryModal(deps));
  r.button(GLOSSARY_UI.makeDefault, rules.channelMember, makeDefault(deps));
  // A termbase's offer: the source column, the pairs' checkboxes (read when the button is pressed), the button.
  r.pick(TERMBASE_UI.source, rules.channelMember, chooseSource(deps));
  r.select(TERMBASE_UI.pairs);
  r.button(TERMBASE_UI.create, rules.channelMember, createGlossaries(deps));
}

/**
 * The offer's source column changed: the option's value names the offer and a column, both checked against
 * the kept offer (in this channel, still open) before its message is drawn again.
 */
function chooseSource(deps: GlossaryDeps) {
  return async ({ ack, action, body, respond }: SelectArgs, { channel }: ChannelSubject) => {
    await ack();
    const value = action.selected_option?.value ?? '';
    const at = value.lastIndexOf(':');
    const answer = await answered(deps, () =>
      deps.glossaries.termbases.setSource(value.slice(0, Math.max(0, at)), value.slice(at + 1), {
        channel,
        userId: body.user.id,
      }),
    );
    if (answer) await respond(ephemeral(answer));
  };
}

/** "Create glossaries": the button names the offer; the ticked boxes are only ids the offer must hold. */
function createGlossaries(deps: GlossaryDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs, { channel }: ChannelSubject) => {
    await ack();
    const state = (body as { state?: { values?: StateValues } }).state?.values;
    const answer = await answered(deps, () =>
      deps.glossaries.termbases.choose(action.value ?? '', tickedPairIds(state), {
        channel,
        userId: body.user.id,
      }),
    );
    if (answer) await respond(ephemeral(answer));
  };
}

/** The offer's answer, or a request id when the store could not be reached (the press was not recorded). */
async function answered(deps: GlossaryDeps, run: () => Promise<OfferAnswer>): Promise<OfferAnswer> {
  try {
    const answer = await run();
    if (answer === OFFER_FORGED)
      deps.logger.warn('a termbase choice named pairs or a column the app did not offer');
    return answer;
  } catch (error) {
    const failure = publicFailure(
      deps.logger,
      error,
      'Your choice could not be recorded',
      'Press the button again in a minute; if it keeps failing, give your Slack admin this request id',
      '',
    );
    return escapeProse(failure.text);
  }
}

async function glossaryCommand(
  deps: GlossaryDeps,
  args: CommandArgs,
  words: string[],
  channel: string,
): Promise<void> {
  const { command, respond } = args;
  const parsed = parseGlossaryCommand(words);
  if (!parsed.ok) {
    await respond(ephemeral(`⚠️ ${parsed.problem}`));
    return;
  }
  const { glossaries } = deps;
  const request = parsed.value;
  try {
    switch (request.kind) {
      case 'upload':
        await deps.slack.openModal(command.trigger_id, glossaryModal({ channel }));
        return;
      case 'list':
        await respond({ response_type: 'ephemeral', ...(await glossaries.list(channel)) });
        return;
      case 'show': {
        const shown = await glossaries.show(request.name, { channel, userId: command.user_id });
        await respond(
          typeof shown === 'string' ? ephemeral(shown) : { response_type: 'ephemeral', ...shown },
        );
        return;
      }
      case 'default':
        await respond(ephemeral(await glossaries.setDefaultByName(channel, request.name, command.user_id)));
        return;
      case 'delete':
        await respond(ephemeral(await glossaries.remove(request.name, { channel, userId: command.user_id })));
        return;
      case 'export': {
        const key = `glossary-export:${command.trigger_id}`;
        const problem = await glossaries.exportToChannel(key, request.name, channel, command.user_id);
        if (problem) await respond(ephemeral(problem));
        return;
      }
    }
  } catch (error) {
    // The service's or the store's words stay in the log, under the request id the person is given.
    const failure = publicFailure(
      deps.logger,
      error,
      `\`/dub glossary ${request.kind}\` could not be done: the dubbing service could not be reached`,
      undefined,
      '',
    );
    await respond(ephemeral(escapeProse(failure.text)));
  }
}

/** What a file input sends: an id, the only part the app uses (the rest is asked of Slack). */
interface FileValue {
  id?: string;
}

type DialogValues = Record<
  string,
  Record<
    string,
    {
      value?: string | null;
      files?: FileValue[];
      selected_option?: { value?: string } | null;
      selected_options?: { value?: string }[];
    }
  >
>;

/**
 * The upload dialog submitted: checked (errors shown in the dialog), closed, then imported into the channel
 * the dialog was opened in (its grant's). The file is taken by id from Slack, and only when Slack says the
 * submitter uploaded it or it is shared in that channel.
 */
function submitGlossaryModal(deps: GlossaryDeps) {
  return async ({ ack, view, body }: ViewArgs, { channel }: ModalGrant) => {
    const values = view.state.values as DialogValues;
    const name = values[GLOSSARY_UI.nameBlock]?.[GLOSSARY_UI.nameAction]?.value?.trim() ?? '';
    const sent = values[GLOSSARY_UI.fileBlock]?.[GLOSSARY_UI.fileAction]?.files?.[0];
    const file = sent?.id
      ? await deps.slack.sharedFile(sent.id, { channel, uploader: body.user.id })
      : undefined;
    const pick = (block: string, action: string) => {
      const v = values[block]?.[action]?.selected_option?.value;
      return v && v !== 'auto' ? v : null;
    };
    const errors: Record<string, string> = {};
    if (!name) errors[GLOSSARY_UI.nameBlock] = 'Give the glossary a name.';
    if (!sent?.id) errors[GLOSSARY_UI.fileBlock] = 'Attach a .csv or .tsv file.';
    else if (!file?.url_private_download)
      errors[GLOSSARY_UI.fileBlock] = 'That file is not one you attached here. Attach the file again.';
    else if (!/\.(csv|tsv|txt)$/i.test(file.name ?? ''))
      errors[GLOSSARY_UI.fileBlock] = 'The file must be a .csv or .tsv.';
    if (Object.keys(errors).length > 0 || !file?.url_private_download) {
      await ack({ response_action: 'errors', errors });
      return;
    }
    // Recorded before the dialog closes: what was acked is never lost; the import runs from the store.
    try {
      await deps.glossaries.importUpload(`glossary-upload:${view.id}`, file.url_private_download, {
        fileName: file.name ?? 'glossary.csv',
        name,
        srcLang: pick(GLOSSARY_UI.srcBlock, GLOSSARY_UI.srcAction),
        dstLang: pick(GLOSSARY_UI.dstBlock, GLOSSARY_UI.dstAction),
        channel,
        userId: body.user.id,
        makeDefault:
          (values[GLOSSARY_UI.defaultBlock]?.[GLOSSARY_UI.defaultAction]?.selected_options ?? []).length > 0,
      });
    } catch (error) {
      deps.logger.error({ err: error }, 'recording a glossary import failed');
      await ack({ response_action: 'errors', errors: { [GLOSSARY_UI.fileBlock]: BUSY } });
      return;
    }
    await ack();
  };
}

/** The import report's "Make it the default" button. */
function makeDefault(deps: GlossaryDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs, { channel }: ChannelSubject) => {
    await ack();
    const message = await deps.glossaries.setDefault(channel, action.value ?? '', body.user.id);
    await respond({ response_type: 'ephemeral', replace_original: false, text: message });
  };
}
