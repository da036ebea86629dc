// Language codes as decisions.md has them: a destination may carry a dialect (`es-es`), its language is `es`.

/** The language without its dialect: `pt-br` → `pt`, `es` → `es`. */
export const baseLanguage = (lang: string): string => lang.split('-')[0]!;
