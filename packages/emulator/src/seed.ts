// Bulk projects for benchmarks and demos: one synthetic video, then `count` projects on it, without credits.
import { linkMedia } from './media/service.ts';
import type { Account } from './model.ts';
import { insertProject } from './projects/service.ts';
import type { EmulatorState } from './state.ts';

export async function seedProjects(state: EmulatorState, account: Account, count: number): Promise<string[]> {
  const record = await linkMedia(state, account, {
    link: `https://www.youtube.com/watch?v=seed-${state.media.size}`,
    name: 'Seeded video',
  });
  const media = state.media.get(record.id)!;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const project = insertProject(state, account, media, {
      dst_lang: i % 2 === 0 ? 'es' : 'de',
      name: `Seeded project ${account.projects.length + 1}`,
      srcLang: 'en',
    });
    ids.push(project.id);
  }
  return ids;
}
