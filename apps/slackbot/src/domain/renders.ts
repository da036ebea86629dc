// A language's renders: each one delivered has one reply in the job's thread, posted under a key that names
// the language and its attempt, so the outbox (which records the message each key was posted as) knows which
// render a reply shows. Attempts count every try, failed ones too; the number a person sees counts only the
// renders delivered, so a language that failed once and then succeeded shows "render 1".

/** The key of the reply of a language's render: "dubbed:<target>.<attempt>". */
export const renderReplyKey = (targetId: string, render: number): string => `dubbed:${targetId}.${render}`;

/** The language and render a reply's key names; undefined for any other key. */
export function renderOfReplyKey(key: string): { targetId: string; render: number } | undefined {
  if (!key.startsWith('dubbed:')) return undefined;
  const dot = key.lastIndexOf('.');
  const render = Number(key.slice(dot + 1));
  if (dot <= 'dubbed:'.length || !Number.isInteger(render) || render < 1) return undefined;
  return { targetId: key.slice('dubbed:'.length, dot), render };
}

/**
 * The render number a person sees for an attempt, given the attempts of the language that delivered a render
 * (the store's deliveredRenders): one more than those delivered before it. A delivered attempt gets its place
 * among the delivered; an attempt under way gets the number it will have when it delivers.
 */
export function shownRender(attempt: number, delivered: readonly number[]): number {
  return 1 + delivered.filter((earlier) => earlier < attempt).length;
}

/** Turns a language's attempts into the render numbers shown, from the attempts that delivered. */
export type RenderNumbers = (attempt: number) => number;

export const renderNumbers =
  (delivered: readonly number[]): RenderNumbers =>
  (attempt) =>
    shownRender(attempt, delivered);
