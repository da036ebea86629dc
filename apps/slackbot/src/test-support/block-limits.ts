// Slack's Block Kit limits checked over a whole message or view, for the builders' tests: block counts,
// text lengths of every kind of element, inputs, options, ids, and a view's title, buttons and metadata.
import { LIMITS } from '../ui/blocks.ts';

// biome-ignore lint/suspicious/noExplicitAny: walking arbitrary Block Kit JSON
type Loose = Record<string, any>;

const INPUT_VALUE = 3000;
const INPUT_LABEL = 2000;
const VIEW_BUTTON = 24;
const PRIVATE_METADATA = 3000;
const CHECKBOX_OPTIONS = 10;

/** Every limit the blocks break (empty when they are within Slack's limits). */
export function blockProblems(blocks: unknown[], maxBlocks: number): string[] {
  const problems: string[] = [];
  const tree = JSON.parse(JSON.stringify(blocks)) as Loose[];
  if (tree.length > maxBlocks) problems.push(`${tree.length} blocks > ${maxBlocks}`);
  const text = (t: Loose | undefined, max: number, where: string) => {
    if (t === undefined) return;
    if (typeof t.text !== 'string' || t.text === '') problems.push(`${where}: empty text`);
    else if (t.text.length > max) problems.push(`${where}: ${t.text.length} > ${max}`);
  };
  const ids = new Set<string>();
  for (const block of tree) {
    if (block.block_id) {
      if (block.block_id.length > LIMITS.blockId) problems.push('block_id too long');
      if (ids.has(block.block_id)) problems.push(`block_id ${block.block_id} twice`);
      ids.add(block.block_id);
    }
    if (block.type === 'section') {
      text(block.text, LIMITS.sectionText, 'section');
      if (block.accessory) element(block.accessory);
    }
    if (block.type === 'header') text(block.text, LIMITS.headerText, 'header');
    if (block.type === 'context') {
      if (block.elements.length > LIMITS.contextElements) problems.push('context elements');
      for (const el of block.elements) text(el, LIMITS.sectionText, 'context');
    }
    if (block.type === 'actions') {
      if (block.elements.length > LIMITS.actionsElements) problems.push('actions elements');
      for (const el of block.elements) element(el);
    }
    if (block.type === 'input') {
      text(block.label, INPUT_LABEL, 'input label');
      element(block.element);
    }
  }
  function element(el: Loose) {
    if (el.action_id && el.action_id.length > LIMITS.actionId) problems.push('action_id too long');
    if (el.type === 'button') {
      text(el.text, LIMITS.buttonText, 'button');
      if ((el.value ?? '').length > LIMITS.buttonValue) problems.push('button value too long');
    }
    if (el.placeholder) text(el.placeholder, LIMITS.placeholder, 'placeholder');
    if (el.type === 'plain_text_input') {
      if ((el.initial_value ?? '').length > INPUT_VALUE) problems.push('input initial_value too long');
      if ((el.max_length ?? 0) > INPUT_VALUE) problems.push('input max_length too large');
    }
    const options: Loose[] = [
      ...(el.options ?? []),
      ...(el.option_groups ?? []).flatMap((g: Loose) => g.options),
    ];
    const max = el.type === 'checkboxes' || el.type === 'radio_buttons' ? CHECKBOX_OPTIONS : LIMITS.options;
    if ((el.options ?? []).length > max) problems.push(`${el.options.length} options > ${max}`);
    for (const o of options) {
      text(o.text, LIMITS.optionText, 'option');
      if ((o.value ?? '').length > LIMITS.optionValue) problems.push('option value too long');
    }
    const values = new Set(options.map((o) => o.value));
    const initial = [...(el.initial_options ?? []), ...(el.initial_option ? [el.initial_option] : [])];
    for (const o of initial) if (!values.has(o.value)) problems.push(`initial option ${o.value} not offered`);
  }
  return problems;
}

/** Every limit a modal or Home view breaks. */
export function viewProblems(view: Loose): string[] {
  const problems = blockProblems(view.blocks ?? [], LIMITS.modalBlocks);
  const tree = JSON.parse(JSON.stringify(view)) as Loose;
  if (tree.type === 'modal') {
    if (!tree.title?.text || tree.title.text.length > LIMITS.modalTitle) problems.push('modal title');
    for (const key of ['submit', 'close'])
      if (tree[key] && tree[key].text.length > VIEW_BUTTON) problems.push(`${key} text too long`);
    const hasInput = (tree.blocks as Loose[]).some((b) => b.type === 'input');
    if (hasInput && !tree.submit) problems.push('a modal with inputs needs a submit button');
  }
  if ((tree.private_metadata ?? '').length > PRIVATE_METADATA) problems.push('private_metadata too long');
  return problems;
}
