// Block Kit drawn as Slack draws it: header, section (text, fields, accessory), context, divider, image,
// actions, input, rich_text, and every interactive element the app may send (buttons with styles and
// confirm dialogs, selects of options, people and conversations, overflow menus, checkboxes, radio buttons,
// date and time pickers, text, number and file inputs). A surface (a message, a modal, Home) keeps the
// state of its inputs as Slack's `state.values` and hands clicks and picks to `act` as block_actions do.
// A block type this client does not know is drawn as such, never dropped.
import type { ChannelInfo, UserInfo } from '../protocol.ts';
import { h, safeUrl } from './dom.ts';
import { emoji, mrkdwn, type Names, plainText } from './mrkdwn.ts';

// biome-ignore lint/suspicious/noExplicitAny: drawing arbitrary Block Kit JSON
type Loose = Record<string, any>;
export type Values = Record<string, Record<string, Loose>>;

export interface Surface {
  names: Names;
  users: UserInfo[];
  channels: ChannelInfo[];
  /** Slack's view.state.values / state.values for this surface, kept as the person changes inputs. */
  values: Values;
  /** `response_action: errors` from the app: block id → message, shown under the input. */
  errors: Record<string, string>;
  /** A block_actions for this surface: the element's part of the payload. */
  act(action: Loose): void;
  /** Uploads a file (file_input), answering with the file's id and name. */
  upload(file: File): Promise<Loose>;
}

/** The blocks of a message or view, drawn into one container. */
export function renderBlocks(blocks: unknown[], surface: Surface): HTMLElement {
  const root = h('div', { class: 'blocks' });
  (blocks as Loose[]).forEach((block, index) => {
    const blockId = String(block.block_id ?? `b${index}`);
    root.appendChild(renderBlock(block, blockId, surface));
  });
  return root;
}

function renderBlock(block: Loose, blockId: string, surface: Surface): HTMLElement {
  const at = { 'data-block-id': blockId, 'data-block-type': String(block.type) };
  switch (block.type) {
    case 'header':
      return h('div', { ...at, class: 'block header' }, text(block.text, surface));
    case 'divider':
      return h('hr', { ...at, class: 'block divider' });
    case 'section': {
      const fields = ((block.fields ?? []) as Loose[]).map((f) =>
        h('div', { class: 'field' }, text(f, surface)),
      );
      return h(
        'div',
        { ...at, class: 'block section' },
        h(
          'div',
          { class: 'section-body' },
          block.text ? h('div', { class: 'section-text' }, text(block.text, surface)) : null,
          fields.length > 0 ? h('div', { class: 'fields' }, fields) : null,
        ),
        block.accessory
          ? h('div', { class: 'accessory' }, element(block.accessory, blockId, surface, false))
          : null,
      );
    }
    case 'context':
      return h(
        'div',
        { ...at, class: 'block context' },
        ((block.elements ?? []) as Loose[]).map((el) =>
          el.type === 'image'
            ? image(el.image_url, el.alt_text, 'context-image')
            : h('span', {}, text(el, surface)),
        ),
      );
    case 'image':
      return h(
        'figure',
        { ...at, class: 'block image' },
        block.title ? h('figcaption', {}, text(block.title, surface)) : null,
        image(block.image_url, block.alt_text, 'image-full'),
      );
    case 'actions':
      return h(
        'div',
        { ...at, class: 'block actions' },
        ((block.elements ?? []) as Loose[]).map((el) => element(el, blockId, surface, false)),
      );
    case 'input': {
      const error = surface.errors[blockId];
      return h(
        'div',
        { ...at, class: `block input${error ? ' has-error' : ''}` },
        h(
          'label',
          { class: 'input-label' },
          text(block.label, surface),
          block.optional ? h('span', { class: 'optional' }, ' (optional)') : null,
        ),
        element(block.element ?? {}, blockId, surface, !block.dispatch_action),
        block.hint ? h('div', { class: 'hint' }, text(block.hint, surface)) : null,
        error ? h('div', { class: 'input-error', role: 'alert' }, error) : null,
      );
    }
    case 'rich_text':
      return h(
        'div',
        { ...at, class: 'block rich-text' },
        ((block.elements ?? []) as Loose[]).map((el) => richText(el, surface)),
      );
    case 'file':
      return h('div', { ...at, class: 'block file' }, `📎 Remote file ${String(block.external_id ?? '')}`);
    case 'video':
      return h('div', { ...at, class: 'block video' }, '🎥 ', text(block.title, surface));
    default:
      return unknown(`block “${String(block.type)}”`, at);
  }
}

function unknown(what: string, at: Record<string, string> = {}): HTMLElement {
  return h(
    'div',
    { ...at, class: 'block unknown', 'data-unknown': 'true' },
    `Unsupported ${what}: this client cannot draw it`,
  );
}

/** A text object: mrkdwn, or plain_text with its emoji. */
export function text(object: Loose | undefined, surface: Pick<Surface, 'names'>): Node {
  if (!object || typeof object.text !== 'string') return document.createTextNode('');
  if (object.type === 'mrkdwn') return mrkdwn(object.text, surface.names);
  return plainText(object.text, object.emoji !== false);
}

const optionText = (o: Loose | undefined) => (o?.text?.text as string | undefined) ?? '';

function image(url: unknown, alt: unknown, className: string): HTMLElement {
  const src = typeof url === 'string' ? safeUrl(url) : undefined;
  if (!src) return h('span', { class: `${className} broken` }, `🖼 ${String(alt ?? '')}`);
  return h('img', {
    src,
    alt: String(alt ?? ''),
    class: className,
    loading: 'lazy',
    referrerpolicy: 'no-referrer',
  });
}

/** The options of a select: its own, or those of its groups (drawn as <optgroup>). */
function optionsOf(el: Loose): { group?: string; options: Loose[] }[] {
  if (el.option_groups)
    return (el.option_groups as Loose[]).map((g) => ({
      group: optionText(g.label),
      options: g.options ?? [],
    }));
  return [{ options: el.options ?? [] }];
}

/**
 * An interactive element. `quiet`: inside an input block of a view, where a change only updates the
 * state (Slack sends block_actions for it only with dispatch_action).
 */
function element(el: Loose, blockId: string, surface: Surface, quiet: boolean): HTMLElement {
  const actionId = String(el.action_id ?? '');
  const at = { 'data-action-id': actionId, 'data-type': String(el.type) };
  const base = { type: el.type, action_id: actionId, block_id: blockId };
  const setState = (entry: Loose) => {
    surface.values[blockId] = { ...surface.values[blockId], [actionId]: { type: el.type, ...entry } };
  };
  const changed = (entry: Loose) => {
    setState(entry);
    if (!quiet) surface.act({ ...base, ...entry });
  };
  if (initialState(el) !== undefined && surface.values[blockId]?.[actionId] === undefined)
    setState(initialState(el) as Loose);
  const current = () => surface.values[blockId]?.[actionId] ?? {};

  switch (el.type) {
    case 'button': {
      const style = el.style === 'primary' || el.style === 'danger' ? ` ${el.style}` : '';
      const click = () => {
        const go = () => {
          const href = typeof el.url === 'string' ? safeUrl(el.url) : undefined;
          if (href) window.open(href, '_blank', 'noopener');
          surface.act({ ...base, value: el.value, text: el.text, ...(el.style ? { style: el.style } : {}) });
        };
        if (el.confirm) confirmDialog(el.confirm, surface, go);
        else go();
      };
      return h(
        'button',
        { ...at, class: `btn${style}`, type: 'button', onclick: click },
        text(el.text, surface),
      );
    }
    case 'static_select':
    case 'external_select': {
      const select = h('select', { ...at, class: 'select' });
      select.appendChild(h('option', { value: '' }, optionText(el.placeholder) || 'Select an item'));
      for (const { group, options } of optionsOf(el)) {
        const target = group === undefined ? select : select.appendChild(h('optgroup', { label: group }));
        for (const o of options)
          target.appendChild(h('option', { value: String(o.value) }, plainText(optionText(o))));
      }
      select.value = String(current().selected_option?.value ?? '');
      select.addEventListener('change', () => {
        const chosen = optionsOf(el)
          .flatMap((g) => g.options)
          .find((o) => String(o.value) === select.value);
        changed({ selected_option: chosen ?? null });
      });
      return select;
    }
    case 'multi_static_select':
    case 'multi_external_select': {
      const all = optionsOf(el).flatMap((g) => g.options);
      return multiSelect(
        at,
        el,
        all.map((o) => ({ value: String(o.value), label: optionText(o) })),
        () => ((current().selected_options ?? []) as Loose[]).map((o) => String(o.value)),
        (values) => changed({ selected_options: values.map((v) => all.find((o) => String(o.value) === v)) }),
      );
    }
    case 'users_select':
    case 'conversations_select':
    case 'channels_select': {
      const key = {
        users_select: 'selected_user',
        conversations_select: 'selected_conversation',
        channels_select: 'selected_channel',
      }[el.type as string] as string;
      const choices =
        el.type === 'users_select'
          ? surface.users.map((u) => ({ value: u.id, label: u.name }))
          : surface.channels.map((c) => ({ value: c.id, label: `#${c.name}` }));
      const select = h(
        'select',
        { ...at, class: 'select' },
        h('option', { value: '' }, optionText(el.placeholder) || 'Select'),
      );
      for (const c of choices) select.appendChild(h('option', { value: c.value }, c.label));
      select.value = String(current()[key] ?? '');
      select.addEventListener('change', () => changed({ [key]: select.value || null }));
      return select;
    }
    case 'multi_users_select':
    case 'multi_conversations_select':
    case 'multi_channels_select': {
      const key = {
        multi_users_select: 'selected_users',
        multi_conversations_select: 'selected_conversations',
        multi_channels_select: 'selected_channels',
      }[el.type as string] as string;
      const choices =
        el.type === 'multi_users_select'
          ? surface.users.map((u) => ({ value: u.id, label: u.name }))
          : surface.channels.map((c) => ({ value: c.id, label: `#${c.name}` }));
      return multiSelect(
        at,
        el,
        choices,
        () => (current()[key] ?? []) as string[],
        (values) => changed({ [key]: values }),
      );
    }
    case 'overflow': {
      const menu = h('div', { class: 'overflow-menu', hidden: true });
      for (const o of (el.options ?? []) as Loose[]) {
        menu.appendChild(
          h(
            'button',
            {
              type: 'button',
              class: 'overflow-item',
              'data-value': String(o.value),
              onclick: () => {
                menu.hidden = true;
                surface.act({ ...base, selected_option: o });
              },
            },
            plainText(optionText(o)),
          ),
        );
      }
      return h(
        'span',
        { ...at, class: 'overflow' },
        h(
          'button',
          {
            type: 'button',
            class: 'btn overflow-toggle',
            'aria-label': 'More actions',
            onclick: () => {
              menu.hidden = !menu.hidden;
            },
          },
          '⋯',
        ),
        menu,
      );
    }
    case 'checkboxes':
    case 'radio_buttons': {
      const multiple = el.type === 'checkboxes';
      const name = `${blockId}-${actionId}`;
      const box = h('div', { ...at, class: 'choices' });
      const chosen = () =>
        (multiple
          ? ((current().selected_options ?? []) as Loose[])
          : current().selected_option
            ? [current().selected_option]
            : []
        ).map((o: Loose) => String(o.value));
      for (const o of (el.options ?? []) as Loose[]) {
        const input = h('input', { type: multiple ? 'checkbox' : 'radio', name, value: String(o.value) });
        input.checked = chosen().includes(String(o.value));
        input.addEventListener('change', () => {
          const picked = [...box.querySelectorAll('input')]
            .filter((i) => i.checked)
            .map((i) => (el.options as Loose[]).find((x) => String(x.value) === i.value));
          changed(multiple ? { selected_options: picked } : { selected_option: picked[0] ?? null });
        });
        box.appendChild(
          h(
            'label',
            { class: 'choice' },
            input,
            h(
              'span',
              {},
              text(o.text, surface),
              o.description ? h('span', { class: 'description' }, text(o.description, surface)) : null,
            ),
          ),
        );
      }
      return box;
    }
    case 'datepicker':
    case 'timepicker': {
      const key = el.type === 'datepicker' ? 'selected_date' : 'selected_time';
      const input = h('input', {
        ...at,
        class: 'text-input',
        type: el.type === 'datepicker' ? 'date' : 'time',
      });
      input.value = String(current()[key] ?? '');
      input.addEventListener('change', () => changed({ [key]: input.value || null }));
      return input;
    }
    case 'plain_text_input':
    case 'number_input':
    case 'email_text_input':
    case 'url_text_input': {
      const type =
        { number_input: 'number', email_text_input: 'email', url_text_input: 'url' }[el.type as string] ??
        'text';
      const input = el.multiline
        ? h('textarea', { ...at, class: 'text-input', rows: '3' })
        : h('input', { ...at, class: 'text-input', type });
      if (el.placeholder) input.placeholder = optionText(el.placeholder);
      if (el.max_length) input.maxLength = Number(el.max_length);
      input.value = String(current().value ?? '');
      input.addEventListener('input', () => setState({ value: input.value === '' ? null : input.value }));
      return input;
    }
    case 'file_input': {
      const input = h('input', { ...at, class: 'file-input', type: 'file' });
      if (el.max_files !== 1) input.multiple = true;
      input.addEventListener('change', async () => {
        const files = await Promise.all([...(input.files ?? [])].map((f) => surface.upload(f)));
        setState({ files });
      });
      return input;
    }
    case 'image':
      return image(el.image_url, el.alt_text, 'accessory-image');
    default:
      return unknown(`element “${String(el.type)}”`, at);
  }
}

/** What Slack puts in state.values for an element before the person touches it (undefined: not stateful). */
function initialState(el: Loose): Loose | undefined {
  switch (el.type) {
    case 'static_select':
    case 'external_select':
    case 'radio_buttons':
      return { selected_option: el.initial_option ?? null };
    case 'multi_static_select':
    case 'multi_external_select':
    case 'checkboxes':
      return { selected_options: el.initial_options ?? [] };
    case 'users_select':
      return { selected_user: el.initial_user ?? null };
    case 'multi_users_select':
      return { selected_users: el.initial_users ?? [] };
    case 'conversations_select':
      return { selected_conversation: el.initial_conversation ?? null };
    case 'multi_conversations_select':
      return { selected_conversations: el.initial_conversations ?? [] };
    case 'channels_select':
      return { selected_channel: el.initial_channel ?? null };
    case 'multi_channels_select':
      return { selected_channels: el.initial_channels ?? [] };
    case 'datepicker':
      return { selected_date: el.initial_date ?? null };
    case 'timepicker':
      return { selected_time: el.initial_time ?? null };
    case 'plain_text_input':
    case 'number_input':
    case 'email_text_input':
    case 'url_text_input':
      return { value: el.initial_value ?? null };
    case 'file_input':
      return { files: [] };
    default:
      return undefined;
  }
}

/** A multi-select as Slack draws it: the chosen ones as chips (× removes), a menu adding another. */
function multiSelect(
  at: Record<string, string>,
  el: Loose,
  choices: { value: string; label: string }[],
  chosen: () => string[],
  change: (values: string[]) => void,
): HTMLElement {
  const root = h('div', { ...at, class: 'multi-select' });
  const draw = () => {
    root.replaceChildren();
    const picked = chosen();
    for (const value of picked) {
      const label = choices.find((c) => c.value === value)?.label ?? value;
      root.appendChild(
        h(
          'span',
          { class: 'chip', 'data-value': value },
          plainText(label),
          h(
            'button',
            {
              type: 'button',
              class: 'chip-remove',
              'aria-label': `Remove ${label}`,
              onclick: () => {
                change(chosen().filter((v) => v !== value));
                draw();
              },
            },
            '×',
          ),
        ),
      );
    }
    const add = h(
      'select',
      { class: 'select multi-add', 'aria-label': optionText(el.placeholder) || 'Add' },
      h('option', { value: '' }, optionText(el.placeholder) || 'Select items'),
    );
    for (const c of choices)
      if (!picked.includes(c.value)) add.appendChild(h('option', { value: c.value }, plainText(c.label)));
    add.addEventListener('change', () => {
      if (add.value === '') return;
      change([...chosen(), add.value]);
      draw();
    });
    root.appendChild(add);
  };
  draw();
  return root;
}

/** A button's confirm object, drawn as Slack's dialog: Cancel closes it, the confirm button goes on. */
function confirmDialog(confirm: Loose, surface: Surface, go: () => void): void {
  const close = () => overlay.remove();
  const style = confirm.style === 'danger' ? ' danger' : ' primary';
  const overlay = h(
    'div',
    { class: 'overlay confirm-overlay' },
    h(
      'div',
      { class: 'dialog confirm', role: 'dialog', 'aria-modal': 'true' },
      h('div', { class: 'dialog-title' }, text(confirm.title, surface)),
      h('div', { class: 'dialog-body' }, text(confirm.text, surface)),
      h(
        'div',
        { class: 'dialog-footer' },
        h(
          'button',
          { type: 'button', class: 'btn', onclick: close },
          text(confirm.deny ?? { type: 'plain_text', text: 'Cancel' }, surface),
        ),
        h(
          'button',
          {
            type: 'button',
            class: `btn${style} confirm-yes`,
            onclick: () => {
              close();
              go();
            },
          },
          text(confirm.confirm ?? { type: 'plain_text', text: 'Yes' }, surface),
        ),
      ),
    ),
  );
  document.body.appendChild(overlay);
}

/** rich_text's sections, lists, quotes and preformatted runs, with their styled text, links and mentions. */
function richText(el: Loose, surface: Surface): HTMLElement {
  switch (el.type) {
    case 'rich_text_section':
      return h(
        'div',
        { class: 'rt-section' },
        ((el.elements ?? []) as Loose[]).map((e) => richInline(e, surface)),
      );
    case 'rich_text_quote':
      return h(
        'blockquote',
        {},
        ((el.elements ?? []) as Loose[]).map((e) => richInline(e, surface)),
      );
    case 'rich_text_preformatted':
      return h(
        'pre',
        {},
        ((el.elements ?? []) as Loose[]).map((e) => richInline(e, surface)),
      );
    case 'rich_text_list': {
      const list = h(el.style === 'ordered' ? 'ol' : 'ul', { class: 'rt-list' });
      for (const item of (el.elements ?? []) as Loose[])
        list.appendChild(h('li', {}, richText(item, surface)));
      return list;
    }
    default:
      return unknown(`rich text “${String(el.type)}”`);
  }
}

/** A rich_text emoji: its code points (hex, joined by -), or :name: when they are missing or not code points. */
function emojiOf(e: Loose): string {
  const points = String(e.unicode ?? '')
    .split('-')
    .map((c) => Number.parseInt(c, 16));
  const valid = e.unicode && points.every((p) => Number.isInteger(p) && p >= 0 && p <= 0x10ffff);
  return valid ? String.fromCodePoint(...points) : emoji(`:${String(e.name)}:`);
}

function richInline(e: Loose, surface: Surface): Node {
  let node: Node;
  switch (e.type) {
    case 'text':
      node = document.createTextNode(String(e.text ?? ''));
      break;
    case 'link': {
      const href = safeUrl(String(e.url ?? ''));
      const label = String(e.text ?? e.url ?? '');
      node = href
        ? h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, label)
        : document.createTextNode(label);
      break;
    }
    case 'user':
      node = h('span', { class: 'mention' }, `@${surface.names.user(String(e.user_id))}`);
      break;
    case 'channel':
      node = h('span', { class: 'mention' }, `#${surface.names.channel(String(e.channel_id))}`);
      break;
    case 'broadcast':
      node = h('span', { class: 'mention' }, `@${String(e.range)}`);
      break;
    case 'emoji':
      node = document.createTextNode(emojiOf(e));
      break;
    default:
      return unknown(`rich text element “${String(e.type)}”`);
  }
  const style = (e.style ?? {}) as Loose;
  for (const [flag, tag] of [
    ['code', 'code'],
    ['strike', 's'],
    ['italic', 'i'],
    ['bold', 'b'],
  ] as const)
    if (style[flag]) node = h(tag, {}, node);
  return node;
}
