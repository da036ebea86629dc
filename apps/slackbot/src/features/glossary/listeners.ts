// `/dub glossary …` and the upload dialog: the dialog (a file input, a name, the languages, channel
// default) is read, the file downloaded from Slack and imported; the report, issues by line, is posted in
// the channel. list/show/default/delete answer the one person; export posts the CSV file in the channel.
import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  SlackActionMiddlewareArgs,
  SlackCommandMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from '@slack/bolt';
import { parseGlossaryCommand } from './command.ts';
import type { MessageContent } from '../../ui/blocks.ts';
import { GLOSSARY_UI, glossaryModal } from './blocks.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';

/** The service keeps whole glossaries under 10 MB; a file this big cannot be one. */
const MAX_GLOSSARY_FILE_BYTES = 20 * 1024 * 1024;

type CommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

const ephemeral = (text: string) => ({ response_type: 'ephemeral' as const, text });

export async function glossaryCommand(deps: ListenerDeps, args: CommandArgs, words: string[]): Promise<void> {
  const { command, respond, client } = args;
  const parsed = parseGlossaryCommand(words);
  if (!parsed.ok) {
    await respond(ephemeral(`⚠️ ${parsed.problem}`));
    return;
  }
  const { glossaries } = deps.extras;
  const request = parsed.value;
  const channel = command.channel_id;
  try {
    switch (request.kind) {
      case 'upload':
        await client.views.open({ trigger_id: command.trigger_id, view: glossaryModal({ channel }) });
        return;
      case 'list':
        await respond({ response_type: 'ephemeral', ...glossaries.list(channel) });
        return;
      case 'show': {
        const shown = await glossaries.show(request.name);
        await respond(
          typeof shown === 'string' ? ephemeral(shown) : { response_type: 'ephemeral', ...shown },
        );
        return;
      }
      case 'default': {
        const found = await deps.store.findGlossary(request.name);
        await respond(
          ephemeral(
            found
              ? glossaries.setDefault(channel, found.id, command.user_id)
              : `There is no glossary named "${request.name}".`,
          ),
        );
        return;
      }
      case 'delete':
        await respond(ephemeral(await glossaries.remove(request.name)));
        return;
      case 'export': {
        const file = await glossaries.exportCsv(request.name);
        if (typeof file === 'string') {
          await respond(ephemeral(file));
          return;
        }
        await client.filesUploadV2({
          channel_id: channel,
          initial_comment: `📒 <@${command.user_id}> exported the glossary *${request.name}*.`,
          file_uploads: [
            { file: Buffer.from(file.content, 'utf8'), filename: file.fileName, title: file.fileName },
          ],
        });
        return;
      }
    }
  } catch (error) {
    deps.logger.warn({ err: error, glossary: request }, 'glossary command failed');
    await respond(ephemeral('The dubbing service could not be reached. Try again in a minute.'));
  }
}

interface FileValue {
  id?: string;
  name?: string;
  url_private_download?: string;
  size?: number;
}

type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** The upload dialog submitted: checked (errors shown in the dialog), closed, then imported. */
export function submitGlossaryModal(deps: ListenerDeps) {
  return async ({ ack, view, body, client }: ViewArgs) => {
    const values = view.state.values as Record<
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
    const name = values[GLOSSARY_UI.nameBlock]?.[GLOSSARY_UI.nameAction]?.value?.trim() ?? '';
    const file = values[GLOSSARY_UI.fileBlock]?.[GLOSSARY_UI.fileAction]?.files?.[0];
    const pick = (block: string, action: string) => {
      const v = values[block]?.[action]?.selected_option?.value;
      return v && v !== 'auto' ? v : null;
    };
    const errors: Record<string, string> = {};
    if (!name) errors[GLOSSARY_UI.nameBlock] = 'Give the glossary a name.';
    if (!file?.url_private_download) errors[GLOSSARY_UI.fileBlock] = 'Attach a .csv or .tsv file.';
    else if (!/\.(csv|tsv|txt)$/i.test(file.name ?? ''))
      errors[GLOSSARY_UI.fileBlock] = 'The file must be a .csv or .tsv.';
    if (Object.keys(errors).length > 0) {
      await ack({ response_action: 'errors', errors });
      return;
    }
    await ack();
    const channel = view.private_metadata;
    const makeDefault =
      (values[GLOSSARY_UI.defaultBlock]?.[GLOSSARY_UI.defaultAction]?.selected_options ?? []).length > 0;
    let report: MessageContent;
    try {
      const bytes = await deps.extras.downloadFile(file!.url_private_download!, MAX_GLOSSARY_FILE_BYTES);
      report = await deps.extras.glossaries.importFile({
        bytes,
        fileName: file!.name ?? 'glossary.csv',
        name,
        srcLang: pick(GLOSSARY_UI.srcBlock, GLOSSARY_UI.srcAction),
        dstLang: pick(GLOSSARY_UI.dstBlock, GLOSSARY_UI.dstAction),
        channel,
        userId: body.user.id,
        makeDefault,
      });
    } catch (error) {
      deps.logger.warn({ err: error }, 'importing a glossary failed');
      await client.chat.postEphemeral({
        channel,
        user: body.user.id,
        text: `The glossary could not be imported: ${error instanceof Error ? error.message : 'unknown error'}.`,
      });
      return;
    }
    await client.chat.postMessage({ channel, text: report.text, blocks: report.blocks, unfurl_links: false });
  };
}

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

export function registerGlossaryListeners(app: App, deps: ListenerDeps): void {
  app.view({ type: 'view_submission', callback_id: GLOSSARY_UI.callbackId }, submitGlossaryModal(deps));
  app.action<BlockAction<ButtonAction>>(
    GLOSSARY_UI.makeDefault,
    async ({ ack, action, body, respond }: ButtonArgs) => {
      await ack();
      const channel = body.channel?.id;
      if (!channel) return;
      const message = deps.extras.glossaries.setDefault(channel, action.value ?? '', body.user.id);
      await respond({ response_type: 'ephemeral', replace_original: false, text: message });
    },
  );
}
