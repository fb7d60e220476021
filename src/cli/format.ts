/** A plain left-aligned table; the last column is not padded so lines carry no trailing spaces. */
export function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ');
  return [line(headers), ...rows.map(line)].join('\n');
}

/** Indented "key: value" lines with the values aligned. */
export function fields(entries: ReadonlyArray<readonly [string, string]>, indent = '  '): string {
  const width = Math.max(0, ...entries.map(([k]) => k.length + 1));
  return entries.map(([k, v]) => `${indent}${`${k}:`.padEnd(width)} ${v}`).join('\n');
}

export function listOrNone(items: readonly string[], separator = ', '): string {
  return items.length > 0 ? items.join(separator) : '(none)';
}

export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
