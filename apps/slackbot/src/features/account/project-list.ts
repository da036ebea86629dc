// `/dub list projects [name]`: the account's recent projects, a page at a time, each with its status and a Track
// button that adopts it into a new thread. Pure builder; the page buttons carry the filter and offset.
import {
  type Block,
  button,
  context,
  escapeText,
  type MessageContent,
  section,
  truncate,
} from '../../ui/blocks.ts';

export const PROJECT_LIST = { page: 'list_page', track: 'list_track', pageSize: 10 } as const;

export interface ListedProject {
  id: string;
  name: string;
  /** The status in words ("Translating", "Dubbed"). */
  statusLabel: string;
  failed: boolean;
  done: boolean;
  createdAt: string;
}

export interface ProjectListInput {
  projects: ListedProject[];
  name: string | null;
  offset: number;
  more: boolean;
}

/** What a page button carries: the filter and the offset to show. */
export function pageValue(name: string | null, offset: number): string {
  return JSON.stringify({ n: name ?? '', o: offset });
}

export function readPageValue(value: string): { name: string | null; offset: number } | undefined {
  try {
    const parsed = JSON.parse(value) as { n?: unknown; o?: unknown };
    const offset = Number(parsed.o);
    if (!Number.isInteger(offset) || offset < 0 || typeof parsed.n !== 'string') return undefined;
    return { name: parsed.n === '' ? null : parsed.n.slice(0, 100), offset };
  } catch {
    return undefined;
  }
}

export function projectList(input: ProjectListInput): MessageContent {
  const filter = input.name ? ` matching “${escapeText(input.name)}”` : '';
  if (input.projects.length === 0) {
    const text = input.offset > 0 ? 'No more projects.' : `No projects${filter} on the account.`;
    return { text, blocks: [section(text)] };
  }
  const first = input.offset + 1;
  const last = input.offset + input.projects.length;
  const blocks: Block[] = [section(`*Projects${filter}* · ${first}–${last}, newest first`)];
  for (const project of input.projects) {
    const icon = project.failed ? '❌' : project.done ? '✅' : '⏳';
    blocks.push({
      ...section(
        `${icon} *${escapeText(truncate(project.name, 200))}*\n${escapeText(project.statusLabel)} · ` +
          `created ${project.createdAt.slice(0, 10)} · \`${project.id}\``,
      ),
      accessory: button('Track', PROJECT_LIST.track, project.id),
    } as Block);
  }
  const nav = [];
  if (input.offset > 0)
    nav.push(
      button(
        '◀ Newer',
        PROJECT_LIST.page,
        pageValue(input.name, Math.max(0, input.offset - PROJECT_LIST.pageSize)),
      ),
    );
  if (input.more) nav.push(button('Older ▶', PROJECT_LIST.page, pageValue(input.name, last)));
  if (nav.length > 0) blocks.push({ type: 'actions', elements: nav });
  blocks.push(context('*Track* (or `/dub track <project id>`) follows a project in a new thread here.'));
  return {
    text: `Projects ${first}–${last}${input.name ? ` matching ${escapeText(input.name)}` : ''}`,
    blocks,
  };
}
