// Writing a file with the browser's own download: the planner pages build CSV exports page by page
// (one API page at a time, so progress can be shown) and hand the parts to a Blob.

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180); formulas neutralised. */
export function csvField(value: unknown): string {
  let s = value === undefined || value === null ? '' : String(value);
  // A spreadsheet would run a cell that starts with = + - @ as a formula (CSV injection): a leading ' keeps it text.
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (fields: readonly unknown[]): string => `${fields.map(csvField).join(',')}\r\n`;

/** Saves `parts` as a file named `name` through an <a download> click. */
export function saveFile(name: string, parts: BlobPart[], type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a title: letters, digits and dashes. */
export const fileSlug = (title: string): string => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'export';
