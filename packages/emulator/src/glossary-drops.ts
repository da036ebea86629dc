// On demand, the emulated translation leaves a glossary term untranslated for one project: what a localization-QA
// check must catch. Set with the `dropGlossaryTerms` option, `emulator.dropGlossaryTerm()` or /_admin/glossary-drops.
import type { Project } from './model.ts';

export interface GlossaryDrop {
  /** A project id, or a project name (matched exactly), so that a drop can be set before the project exists. */
  project: string;
  /** The source term the translation leaves out (matched case-insensitively, like the glossary itself). */
  term: string;
}

export class GlossaryDrops {
  readonly #drops: GlossaryDrop[] = [];
  readonly #projects: Map<string, Project>;

  constructor(projects: Map<string, Project>) {
    this.#projects = projects;
  }

  get current(): GlossaryDrop[] {
    return this.#drops.map((drop) => ({ ...drop }));
  }

  /**
   * Adds a drop. It applies to translations made from now on: a new project, and the segments of an existing one
   * that have not been made yet (they are made on first read) or are added later.
   */
  add(drop: GlossaryDrop): void {
    this.#drops.push({ ...drop });
    for (const project of this.#projects.values()) this.applyTo(project);
  }

  /** Ends every drop for projects made from now on (a project keeps the terms it already lost). */
  clear(): void {
    this.#drops.length = 0;
  }

  /** Puts the drops that name `project` on it (see Project.droppedTerms). */
  applyTo(project: Project): void {
    for (const drop of this.#drops) {
      if (drop.project !== project.id && drop.project !== project.name) continue;
      project.droppedTerms ??= new Set();
      project.droppedTerms.add(drop.term.toLowerCase());
    }
  }
}
