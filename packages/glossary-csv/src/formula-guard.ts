// Formula-injection guard (OWASP "CSV Injection"): a spreadsheet runs a cell starting with `=`, `+`, `-` or `@`
// as a formula, so such cells are written with a leading apostrophe, which spreadsheets show as plain text.
//
// The rule is reversible, so that the parser gives back the original term whatever option wrote the file:
// - reading: a cell of one or more `'` followed by `=`, `+`, `-` or `@` loses its first `'`;
// - writing: a term of one or more `'` followed by one of those characters always gains a `'` (so that reading
//   cannot eat a quote that was part of the term), and with `forSpreadsheet` a term starting with one of those
//   characters gains one too.
// Spreadsheets do not export the apostrophe of a text cell, so a real export never starts a cell with `'=`:
// such a cell was written by a guard like this one.

const GUARDED = /^'+[=+\-@]/;
const FORMULA_START = /^'*[=+\-@]/;
const APOSTROPHE = 0x27;

export function guardCell(term: string, forSpreadsheet: boolean): string {
  return (forSpreadsheet ? FORMULA_START : GUARDED).test(term) ? `'${term}` : term;
}

export function unguardCell(cell: string): string {
  return cell.charCodeAt(0) === APOSTROPHE && GUARDED.test(cell) ? cell.slice(1) : cell;
}
