// Physical line numbers for papaparse rows. Papaparse reports no positions, so a row's first line is counted
// from the line breaks inside the cells of the rows before it: with blank lines kept as rows, every line
// break of the file either ends a row or is inside a cell.

/** Line breaks in `text`: `\r\n`, `\n` and a lone `\r` each count once. */
export function countLineBreaks(text: string): number {
  let count = 0;
  let index = text.indexOf('\n');
  while (index !== -1) {
    count++;
    index = text.indexOf('\n', index + 1);
  }
  index = text.indexOf('\r');
  while (index !== -1) {
    if (text.charCodeAt(index + 1) !== 0x0a) count++;
    index = text.indexOf('\r', index + 1);
  }
  return count;
}

function breaksInCell(cell: string): number {
  return cell.indexOf('\n') === -1 && cell.indexOf('\r') === -1 ? 0 : countLineBreaks(cell);
}

/** Line breaks inside the cells of a row. */
export function rowBreaks(row: readonly string[]): number {
  let breaks = 0;
  for (let cell = 0; cell < row.length; cell++) breaks += breaksInCell(row[cell]!);
  return breaks;
}

/** The line on which cell `column` (0-based) of a row starting at `rowLine` begins. */
export function cellStartLine(row: readonly string[], column: number, rowLine: number): number {
  let line = rowLine;
  for (let cell = 0; cell < column && cell < row.length; cell++) line += breaksInCell(row[cell]!);
  return line;
}
