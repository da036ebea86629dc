// "Other formats…" on a render's reply: a dialog picks one format the reply does not carry; submitting it posts
// that file in the thread, once. The button acts on the render whose reply it sits on (the newest only: the
// files are built from the project's text as it is now).
import { type ButtonArgs, type ViewArgs, view } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules, type TargetSubject } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ModalGrant } from '../../store/store.ts';
import { replyButton } from '../current-render.ts';
import { OTHER_FORMATS, otherFormatsModal, readOtherFormat } from './blocks.ts';
import type { OtherFormatsService } from './service.ts';

export interface OtherFormatsDeps {
  otherFormats: OtherFormatsService;
  slack: Pick<Interactions, 'openModal' | 'whisper'>;
}

/** Other formats…, on a render's reply: picks a subtitle format the reply does not carry. */
export const otherFormats = replyButton(OTHER_FORMATS.button, openPicker);

/** The format picker's submission. */
export const otherFormatsDialog = view({
  callbackId: OTHER_FORMATS.callbackId,
  rule: rules.opener,
  handler: submitPicker,
});

export const otherFormatsInteractions = [otherFormats, otherFormatsDialog];

export function registerOtherFormats(r: Registry, deps: OtherFormatsDeps): void {
  r.register(otherFormatsInteractions, deps);
}

function openPicker(deps: OtherFormatsDeps) {
  return async ({ ack, body, respond }: ButtonArgs, { target, render, renders }: TargetSubject) => {
    await ack();
    const shown = render ?? target.attempt;
    // The names of the files on the reply (what Slack says the message carries): only the others are offered.
    const message = (body as { message?: { files?: { name?: string }[] } }).message;
    const attached = (message?.files ?? []).map((file) => file.name ?? '');
    const formats = deps.otherFormats.offered(attached, await deps.otherFormats.baseNameOf(target.id, shown));
    if (formats.length === 0) {
      await respond({
        response_type: 'ephemeral',
        replace_original: false,
        text: 'This reply carries every subtitle format already.',
      });
      return;
    }
    await deps.slack.openModal(
      body.trigger_id,
      otherFormatsModal({
        lang: target.dstLang,
        render: renders(shown),
        formats,
        subject: `${target.id}:${shown}`,
      }),
    );
  };
}

function submitPicker(deps: OtherFormatsDeps) {
  return async ({ ack, view, body }: ViewArgs, grant: ModalGrant) => {
    const format = readOtherFormat(view.state.values);
    if (!format) {
      await ack({
        response_action: 'errors',
        errors: { [OTHER_FORMATS.block]: 'Pick the format of the file to post.' },
      });
      return;
    }
    await ack();
    const colon = grant.subject.lastIndexOf(':');
    const outcome = await deps.otherFormats.request(
      grant.subject.slice(0, colon),
      Number(grant.subject.slice(colon + 1)),
      format,
      body.user.id,
    );
    await deps.slack.whisper(
      { channel: grant.channel, user: body.user.id, ...(grant.threadTs ? { threadTs: grant.threadTs } : {}) },
      { text: outcome.ok ? outcome.message : outcome.problem, blocks: [] },
    );
  };
}
