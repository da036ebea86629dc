// Every button on a render's reply acts on that render. The language's newest render is the only one that can
// be reviewed, rendered again, lip-synced or approved: a button on an earlier render's reply (one whose edit
// to say so has not reached Slack yet, or a stale client) is refused with a pointer to the newest.
import { type ButtonArgs, type ButtonInteraction, button } from '../access/definitions.ts';
import { rules, type TargetSubject } from '../access/rules.ts';
import { languageName } from '../domain/languages.ts';

/** The handler, run only when the button sits on the newest render's reply (or on no render's reply). */
export function onNewestRender(
  handler: (args: ButtonArgs, subject: TargetSubject) => Promise<void>,
): (args: ButtonArgs, subject: TargetSubject) => Promise<void> {
  return async (args, subject) => {
    const { target, render, renders } = subject;
    if (render === null || render >= target.attempt) return handler(args, subject);
    await args.ack();
    await args.respond({
      response_type: 'ephemeral',
      replace_original: false,
      text: supersededAnswer(target.dstLang, renders(render), renders(target.attempt)),
    });
  };
}

/** A button on an earlier render's reply refused; `render` and `newest` as numbered for people (shownRender). */
export function supersededAnswer(lang: string, render: number, newest: number): string {
  const name = languageName(lang);
  return (
    `⛔ This reply shows render ${render} of ${name}; the newest is render ${newest}, so nothing was done. ` +
    `Use the buttons on render ${newest}’s reply, further down this thread.`
  );
}

/**
 * A button on a dubbed language's reply: pressed by a member of the job's channel in its thread, it acts on
 * the render the reply shows, and only when that is the newest.
 */
export function replyButton<D>(
  id: string,
  handler: (deps: D) => (args: ButtonArgs, subject: TargetSubject) => Promise<void>,
): ButtonInteraction<D> {
  return button({ id, rule: rules.targetMember, handler: (deps: D) => onNewestRender(handler(deps)) });
}
