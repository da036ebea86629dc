// `/dub settings` in a channel: a modal with the channel's default destination languages and glossaries;
// saving records them (the job card preselects them, and the glossaries apply to jobs started without the
// card) and tells the person.
import type {
  AllMiddlewareArgs,
  App,
  SlackCommandMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from '@slack/bolt';
import { parseDestinations } from '../../domain/requests.ts';
import { glossaryLabel } from '../glossary/blocks.ts';
import { readSettings, SETTINGS_UI, settingsModal } from './blocks.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';

export async function openSettings(
  deps: ListenerDeps,
  args: SlackCommandMiddlewareArgs & AllMiddlewareArgs,
): Promise<void> {
  const { command, client } = args;
  const current = await deps.store.channelSettings(command.channel_id);
  const glossaries = deps.extras.glossaries.offered(command.channel_id);
  await client.views.open({
    trigger_id: command.trigger_id,
    view: settingsModal({
      channel: command.channel_id,
      dstLangs: current?.dstLangs ?? [],
      glossaries: glossaries.map((g) => ({ id: g.id, label: glossaryLabel(g) })),
      glossaryIds: deps.extras.glossaries.defaultsOf(command.channel_id),
    }),
  });
}

export async function await registerSettings(app: App, deps: ListenerDeps): Promise<void> {
  app.view(
    { type: 'view_submission', callback_id: SETTINGS_UI.callbackId },
    async ({ ack, view, body, client }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs) => {
      const chosen = readSettings(view.state.values as Parameters<typeof readSettings>[0]);
      const langs =
        chosen.dstLangs.length > 0
          ? parseDestinations(chosen.dstLangs.join(','))
          : { ok: true as const, value: [] };
      const glossaries = chosen.glossaryIds.map((id) => await deps.store.getGlossary(id));
      const pairs = new Set<string>();
      let problem: string | undefined;
      for (const g of glossaries) {
        if (!g) problem = 'A glossary picked no longer exists.';
        else if (pairs.has(`${g.srcLang}>${g.dstLang}`))
          problem = `Pick one glossary per language pair (two are ${g.srcLang}→${g.dstLang}).`;
        else pairs.add(`${g.srcLang}>${g.dstLang}`);
      }
      if (!langs.ok || problem) {
        const block = problem ? SETTINGS_UI.glossaryBlock : SETTINGS_UI.langsBlock;
        await ack({
          response_action: 'errors',
          errors: { [block]: problem ?? (langs.ok ? '' : langs.problem) },
        });
        return;
      }
      await ack();
      const channel = view.private_metadata;
      await deps.store.saveChannelSettings({
        channel,
        dstLangs: langs.value,
        glossaryIds: chosen.glossaryIds,
        updatedBy: body.user.id,
        updatedAt: deps.now(),
      });
      const names = glossaries.map((g) => g?.name).filter(Boolean);
      await client.chat.postEphemeral({
        channel,
        user: body.user.id,
        text:
          `Saved the defaults for <#${channel}>: ${langs.value.length > 0 ? `dub into ${langs.value.join(', ')}` : 'no default languages'}` +
          `${names.length > 0 ? `; glossaries ${names.join(', ')}` : ''}.`,
      });
    },
  );
}
