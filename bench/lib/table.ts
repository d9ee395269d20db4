export interface Column {
  header: string;
  align?: 'left' | 'right';
}

/** A plain-text table for the terminal: padded columns, a rule under the header. */
export function formatTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    columns
      .map((column, i) => {
        const cell = cells[i] ?? '';
        return column.align === 'right' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(columns.map((column) => column.header)), rule, ...rows.map(line)].join('\n');
}
