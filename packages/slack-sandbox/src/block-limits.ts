// Slack's Block Kit limits, checked over a whole message or view the way Slack checks them before it accepts
// one (https://docs.slack.dev/reference/block-kit): block counts, text lengths of every kind of element,
// inputs, options, ids, and a view's title, buttons and metadata. Pure and free of Node and the DOM: the
// web client runs it in the browser on everything it draws, and the app's tests run it on their builders.

// biome-ignore lint/suspicious/noExplicitAny: walking arbitrary Block Kit JSON
type Loose = Record<string, any>;

export const SLACK_LIMITS = {
  messageBlocks: 50,
  viewBlocks: 100,
  messageText: 40_000,
  sectionText: 3000,
  sectionFields: 10,
  fieldText: 2000,
  headerText: 150,
  contextElements: 10,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2000,
  actionId: 255,
  blockId: 255,
  optionText: 75,
  optionValue: 150,
  options: 100,
  checkboxOptions: 10,
  placeholder: 150,
  inputLabel: 2000,
  inputValue: 3000,
  imageUrl: 3000,
  altText: 2000,
  modalTitle: 24,
  viewButton: 24,
  privateMetadata: 3000,
} as const;

/** Every limit the blocks break (empty when Slack would accept them). */
export function blockProblems(blocks: unknown[], maxBlocks: number = SLACK_LIMITS.messageBlocks): string[] {
  const L = SLACK_LIMITS;
  const problems: string[] = [];
  const tree = JSON.parse(JSON.stringify(blocks ?? [])) as Loose[];
  if (tree.length > maxBlocks) problems.push(`${tree.length} blocks > ${maxBlocks}`);
  const text = (t: Loose | undefined, max: number, where: string) => {
    if (t === undefined) return;
    if (typeof t.text !== 'string' || t.text === '') problems.push(`${where}: empty text`);
    else if (t.text.length > max) problems.push(`${where}: ${t.text.length} characters > ${max}`);
  };
  const ids = new Set<string>();
  tree.forEach((block, index) => {
    const where = `block ${index + 1} (${block.type})`;
    if (block.block_id) {
      if (block.block_id.length > L.blockId) problems.push(`${where}: block_id too long`);
      if (ids.has(block.block_id)) problems.push(`${where}: block_id ${block.block_id} twice`);
      ids.add(block.block_id);
    }
    if (block.type === 'section') {
      if (block.text === undefined && !block.fields) problems.push(`${where}: needs text or fields`);
      text(block.text, L.sectionText, `${where} text`);
      const fields: Loose[] = block.fields ?? [];
      if (fields.length > L.sectionFields)
        problems.push(`${where}: ${fields.length} fields > ${L.sectionFields}`);
      for (const field of fields) text(field, L.fieldText, `${where} field`);
      if (block.accessory) element(block.accessory, where);
    }
    if (block.type === 'header') text(block.text, L.headerText, where);
    if (block.type === 'context') {
      const elements: Loose[] = block.elements ?? [];
      if (elements.length > L.contextElements)
        problems.push(`${where}: ${elements.length} elements > ${L.contextElements}`);
      for (const el of elements) if (el.type !== 'image') text(el, L.sectionText, where);
    }
    if (block.type === 'actions') {
      const elements: Loose[] = block.elements ?? [];
      if (elements.length > L.actionsElements)
        problems.push(`${where}: ${elements.length} elements > ${L.actionsElements}`);
      for (const el of elements) element(el, where);
    }
    if (block.type === 'input') {
      text(block.label, L.inputLabel, `${where} label`);
      if (block.element) element(block.element, where);
    }
    if (block.type === 'image') {
      if ((block.image_url ?? '').length > L.imageUrl) problems.push(`${where}: image_url too long`);
      if ((block.alt_text ?? '').length > L.altText) problems.push(`${where}: alt_text too long`);
    }
  });
  function element(el: Loose, where: string) {
    const at = `${where} ${el.type}`;
    if (el.action_id && el.action_id.length > L.actionId) problems.push(`${at}: action_id too long`);
    if (el.type === 'button') {
      text(el.text, L.buttonText, `${at} text`);
      if ((el.value ?? '').length > L.buttonValue)
        problems.push(`${at}: value ${el.value.length} characters > ${L.buttonValue}`);
    }
    if (el.placeholder) text(el.placeholder, L.placeholder, `${at} placeholder`);
    if (el.type === 'plain_text_input') {
      if ((el.initial_value ?? '').length > L.inputValue) problems.push(`${at}: initial_value too long`);
      if ((el.max_length ?? 0) > L.inputValue) problems.push(`${at}: max_length > ${L.inputValue}`);
    }
    const options: Loose[] = [
      ...(el.options ?? []),
      ...(el.option_groups ?? []).flatMap((g: Loose) => g.options ?? []),
    ];
    const max = el.type === 'checkboxes' || el.type === 'radio_buttons' ? L.checkboxOptions : L.options;
    if ((el.options ?? []).length > max) problems.push(`${at}: ${el.options.length} options > ${max}`);
    for (const o of options) {
      text(o.text, L.optionText, `${at} option`);
      if ((o.value ?? '').length > L.optionValue) problems.push(`${at}: option value too long`);
    }
    const values = new Set(options.map((o) => o.value));
    const initial = [...(el.initial_options ?? []), ...(el.initial_option ? [el.initial_option] : [])];
    if (options.length > 0)
      for (const o of initial)
        if (!values.has(o.value)) problems.push(`${at}: initial option ${o.value} not offered`);
  }
  return problems;
}

/** Every limit a message breaks: its blocks, and its text when it has no blocks (or as their fallback). */
export function messageProblems(message: { text?: string; blocks?: unknown[] }): string[] {
  const problems = message.blocks ? blockProblems(message.blocks, SLACK_LIMITS.messageBlocks) : [];
  if ((message.text ?? '').length > SLACK_LIMITS.messageText)
    problems.push(`text: ${message.text?.length} characters > ${SLACK_LIMITS.messageText}`);
  return problems;
}

/** Every limit a modal or Home view breaks. */
export function viewProblems(view: Loose): string[] {
  const L = SLACK_LIMITS;
  const problems = blockProblems(view.blocks ?? [], L.viewBlocks);
  const tree = JSON.parse(JSON.stringify(view)) as Loose;
  if (tree.type === 'modal') {
    if (!tree.title?.text) problems.push('modal title: empty');
    else if (tree.title.text.length > L.modalTitle)
      problems.push(`modal title: ${tree.title.text.length} characters > ${L.modalTitle}`);
    for (const key of ['submit', 'close'])
      if (tree[key] && tree[key].text.length > L.viewButton) problems.push(`${key} text too long`);
    const hasInput = ((tree.blocks ?? []) as Loose[]).some((b) => b.type === 'input');
    if (hasInput && !tree.submit) problems.push('a modal with inputs needs a submit button');
  }
  if ((tree.private_metadata ?? '').length > L.privateMetadata) problems.push('private_metadata too long');
  return problems;
}
