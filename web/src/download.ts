// Writing a file with the browser's own download: the planner pages build CSV exports page by page
// (one API page at a time, so progress can be shown) and hand the parts to a Blob.

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
