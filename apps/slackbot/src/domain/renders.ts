// A language's renders: each one delivered has one reply in the job's thread, posted under a key that names
// the language and the render, so the outbox (which records the message each key was posted as) knows which
// render a reply shows.

/** The key of the reply of a language's render: "dubbed:<target>.<render>". */
export const renderReplyKey = (targetId: string, render: number): string => `dubbed:${targetId}.${render}`;

/** The language and render a reply's key names; undefined for any other key. */
export function renderOfReplyKey(key: string): { targetId: string; render: number } | undefined {
  if (!key.startsWith('dubbed:')) return undefined;
  const dot = key.lastIndexOf('.');
  const render = Number(key.slice(dot + 1));
  if (dot <= 'dubbed:'.length || !Number.isInteger(render) || render < 1) return undefined;
  return { targetId: key.slice('dubbed:'.length, dot), render };
}
