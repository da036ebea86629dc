// Language codes as docs/service.md (Languages) has them: a destination may carry a dialect (`es-es`), its language is `es`.

/** The language without its dialect: `pt-br` → `pt`, `es` → `es`. */
export const baseLanguage = (lang: string): string => lang.split('-')[0]!;
