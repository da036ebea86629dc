// Slack's mrkdwn drawn as Slack draws it: *bold*, _italic_, ~strike~, `code`, ```preformatted```, > quotes,
// <url|links>, <@user> and <#channel> mentions, <!here>, :emoji: shortcodes, and the &lt; &gt; &amp;
// entities. Built from text nodes only (dom.ts).
import { h, safeUrl } from './dom.ts';

/** The shortcodes Slack apps use most; an unknown one stays as typed, as in Slack without that emoji. */
const EMOJI: Record<string, string> = {
  white_check_mark: '✅',
  heavy_check_mark: '✔️',
  x: '❌',
  warning: '⚠️',
  hourglass: '⌛',
  hourglass_flowing_sand: '⏳',
  tada: '🎉',
  rocket: '🚀',
  movie_camera: '🎥',
  film_frames: '🎞️',
  clapper: '🎬',
  speech_balloon: '💬',
  memo: '📝',
  pencil: '📝',
  pencil2: '✏️',
  page_facing_up: '📄',
  paperclip: '📎',
  eyes: '👀',
  wave: '👋',
  sparkles: '✨',
  star: '⭐',
  fire: '🔥',
  thumbsup: '👍',
  '+1': '👍',
  thumbsdown: '👎',
  '-1': '👎',
  no_entry: '⛔',
  lock: '🔒',
  key: '🔑',
  moneybag: '💰',
  credit_card: '💳',
  clock1: '🕐',
  stopwatch: '⏱️',
  loud_sound: '🔊',
  sound: '🔉',
  mute: '🔇',
  microphone: '🎤',
  headphones: '🎧',
  globe_with_meridians: '🌐',
  earth_africa: '🌍',
  bulb: '💡',
  information_source: 'ℹ️',
  question: '❓',
  exclamation: '❗',
  arrows_counterclockwise: '🔄',
  repeat: '🔁',
  inbox_tray: '📥',
  outbox_tray: '📤',
  link: '🔗',
  gear: '⚙️',
  robot_face: '🤖',
  smile: '😄',
  slightly_smiling_face: '🙂',
  thinking_face: '🤔',
  raised_hands: '🙌',
  clap: '👏',
  red_circle: '🔴',
  large_green_circle: '🟢',
  large_yellow_circle: '🟡',
  large_blue_circle: '🔵',
  'flag-es': '🇪🇸',
  'flag-de': '🇩🇪',
  'flag-fr': '🇫🇷',
  'flag-it': '🇮🇹',
  'flag-jp': '🇯🇵',
  'flag-gb': '🇬🇧',
  'flag-us': '🇺🇸',
  'flag-br': '🇧🇷',
  'flag-pt': '🇵🇹',
  'flag-cn': '🇨🇳',
  'flag-kr': '🇰🇷',
  'flag-nl': '🇳🇱',
};

export interface Names {
  user(id: string): string;
  channel(id: string): string;
}

export const emoji = (text: string): string =>
  text.replace(/:([a-z0-9_+-]+):/g, (whole, name: string) => EMOJI[name] ?? whole);

const decodeEntities = (text: string): string =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** plain_text: only its emoji shortcodes change (when `emoji` is not false). */
export function plainText(text: string, withEmoji = true): Text {
  return document.createTextNode(withEmoji ? emoji(text) : text);
}

/** A mrkdwn string as nodes in a container (a <span> keeping line breaks). */
export function mrkdwn(text: string, names: Names): HTMLElement {
  const root = h('span', { class: 'mrkdwn' });
  const parts = text.split('```');
  // An unclosed ``` is text, as in Slack.
  if (parts.length % 2 === 0) {
    const tail = parts.pop() ?? '';
    parts.push(`${parts.pop() ?? ''}\`\`\`${tail}`);
  }
  parts.forEach((part, i) => {
    if (i % 2 === 1) root.appendChild(h('pre', {}, decodeEntities(part.replace(/^\n/, ''))));
    else lines(part, root, names);
  });
  return root;
}

/** Lines of mrkdwn, those starting with > drawn as one quote. */
function lines(text: string, root: HTMLElement, names: Names): void {
  let quote: HTMLElement | undefined;
  const all = text.split('\n');
  all.forEach((line, index) => {
    const quoted = /^(&gt;|>) ?/.exec(line);
    if (quoted) {
      if (quote) quote.appendChild(h('br'));
      else {
        quote = h('blockquote');
        root.appendChild(quote);
      }
      inline(line.slice(quoted[0].length), quote, names);
      return;
    }
    quote = undefined;
    inline(line, root, names);
    if (index < all.length - 1) root.appendChild(h('br'));
  });
}

const TOKEN = /`([^`]+)`|<([^<>]+)>|\*([^*]+)\*|_([^_]+)_|~([^~]+)~/g;
const BOUNDARY_BEFORE = /[\s([{"'“‘-]/;
const BOUNDARY_AFTER = /[\s)\]}.,!?:;"'”’-]/;

function inline(text: string, parent: Node, names: Names): void {
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    const [, code, angle, bold, italic, strike] = match;
    const formatting = bold !== undefined || italic !== undefined || strike !== undefined;
    // *bold* only where Slack sees it: at word boundaries, not inside snake_case or 2*3*4.
    if (formatting) {
      const before = text[start - 1];
      const after = text[end];
      if ((before && !BOUNDARY_BEFORE.test(before)) || (after && !BOUNDARY_AFTER.test(after))) continue;
    }
    if (start > last) parent.appendChild(plainText(decodeEntities(text.slice(last, start))));
    last = end;
    if (code !== undefined) parent.appendChild(h('code', {}, decodeEntities(code)));
    else if (angle !== undefined) parent.appendChild(special(angle, names));
    else {
      const tag = bold !== undefined ? 'b' : italic !== undefined ? 'i' : 's';
      const el = h(tag);
      inline(bold ?? italic ?? strike ?? '', el, names);
      parent.appendChild(el);
    }
  }
  if (last < text.length) parent.appendChild(plainText(decodeEntities(text.slice(last))));
}

/** What Slack puts between < and >: a mention, a channel, a special mention or a link. */
function special(inner: string, names: Names): Node {
  const [target = '', label] = inner.split('|', 2) as [string, string | undefined];
  if (target.startsWith('@')) return h('span', { class: 'mention' }, `@${names.user(target.slice(1))}`);
  if (target.startsWith('#'))
    return h('span', { class: 'mention' }, `#${label ?? names.channel(target.slice(1))}`);
  // <!date^…|fallback>: the fallback, already in words.
  if (target.startsWith('!date')) return plainText(decodeEntities(label ?? ''));
  if (target.startsWith('!')) {
    const word = target.slice(1).split('^')[0] ?? '';
    return h('span', { class: 'mention' }, `@${label ?? word}`);
  }
  const href = safeUrl(decodeEntities(target));
  const shown = decodeEntities(label ?? target);
  if (!href) return document.createTextNode(shown);
  return h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, plainText(shown));
}
