import Table from 'cli-table3';
import { InvalidArgumentError } from 'commander';
import { raw as jqRaw, type JqInput } from 'jq-wasm';

// jq-wasm 3 (jq 1.8): 1.x fed stdin to jq one byte at a time with a copy per byte, so a 100 kB page took
// seconds and the OpenAPI document minutes; 3 reads it at an offset (a megabyte in well under a second).
import { CliError } from './errors.js';

/**
 * How a command's JSON result is shown (issue 35): `--fields` picks fields, `--jq` runs a jq
 * program over it (jq compiled to WebAssembly, no native jq needed), and on a terminal a list
 * is drawn as a table. Every command that prints JSON goes through here (CliContext.print and
 * printJson), so the options mean the same everywhere.
 */
export interface OutputOptions {
  json?: boolean | undefined;
  jq?: string | undefined;
  fields?: readonly string[] | undefined;
}

const FIELD_PATH = /^[A-Za-z_$][\w$-]*(\.[A-Za-z_$][\w$-]*)*$/;

/** commander parser of `--fields a,b.c`: field paths separated by commas. */
export function parseFields(value: string): string[] {
  const fields = value.split(',').map((f) => f.trim()).filter((f) => f !== '');
  if (fields.length === 0) throw new InvalidArgumentError('name at least one field, e.g. --fields id,title.');
  const bad = fields.find((f) => !FIELD_PATH.test(f));
  if (bad !== undefined) throw new InvalidArgumentError(`'${bad}' is not a field path (names separated by dots, e.g. id or paging.totalCount).`);
  return [...new Set(fields)];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A contract list page: `{ paging, data: [...] }`. */
const isPage = (v: unknown): v is { paging: unknown; data: unknown[] } => isRecord(v) && Array.isArray(v['data']) && 'paging' in v;

function get(value: unknown, path: string): unknown {
  let v: unknown = value;
  for (const key of path.split('.')) {
    if (!isRecord(v)) return undefined;
    v = v[key];
  }
  return v;
}

/** The named fields of one object, nested as in the source; a field it lacks is null (so every row has every column). */
function pickOne(value: unknown, fields: readonly string[]): unknown {
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const path of fields) {
    const keys = path.split('.');
    let target = out;
    for (const key of keys.slice(0, -1)) {
      const next = target[key];
      target = isRecord(next) ? next : (target[key] = {}) as Record<string, unknown>;
    }
    const found = get(value, path);
    target[keys[keys.length - 1] as string] = found === undefined ? null : found;
  }
  return out;
}

/**
 * `--fields`: on a list (an array, or the items of a `{ paging, data }` page, whose paging is
 * kept) each item keeps only the named fields; a single object keeps them itself.
 */
export function pickFields(doc: unknown, fields: readonly string[]): unknown {
  if (Array.isArray(doc)) return doc.map((item) => pickOne(item, fields));
  if (isPage(doc)) return { ...doc, data: doc.data.map((item) => pickOne(item, fields)) };
  return pickOne(doc, fields);
}

/** jq's exit status for a program that does not compile (jq 1.8). */
const JQ_COMPILE_ERROR = 3;

/** jq's error without its "jq: error (at ...): " prefix and compile-error count. */
function jqMessage(stderr: string): string {
  return stderr.replace(/^jq: error( \(at [^)]*\))?: /, '').replace(/\njq: \d+ compile errors?\s*$/, '').trim() || 'jq failed';
}

/** Refuses a `--jq` program that does not compile, before the command runs (so it changes nothing). */
export async function checkJq(expr: string): Promise<void> {
  // A program that compiles may still fail on null (`.[]`); only compile errors are refused here.
  const r = await jqRaw(null, expr, ['-r']);
  if (r.exitCode === JQ_COMPILE_ERROR) throw new CliError('usage_error', `--jq: ${jqMessage(r.stderr)}`, { reason: 'jq' });
}

/** jq's output for the document, as `jq -r` prints it (strings raw, one result per line). An error of the program is a usage error. */
export async function runJq(doc: unknown, expr: string, compact = false): Promise<string> {
  const r = await jqRaw((doc ?? null) as JqInput, expr, compact ? ['-r', '-c'] : ['-r']);
  if (r.exitCode !== 0) throw new CliError('usage_error', `--jq: ${jqMessage(r.stderr)}`, { reason: 'jq', jqExitCode: r.exitCode });
  return r.stdout === '' || r.stdout.endsWith('\n') ? r.stdout : `${r.stdout}\n`;
}

const MAX_CELL = 60;

function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const line = text.replace(/\s*\n\s*/g, ' ');
  return line.length > MAX_CELL ? `${line.slice(0, MAX_CELL - 1)}\u2026` : line;
}

function columnsOf(rows: readonly Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/**
 * A list drawn as a table (cli-table3), or undefined when the document is not a list of
 * objects. Columns are the `--fields` given, else every top-level field in order of first
 * appearance; nested values are shown as compact JSON, long ones cut.
 */
export function renderTable(doc: unknown, fields?: readonly string[]): string | undefined {
  const items = Array.isArray(doc) ? doc : isPage(doc) ? doc.data : undefined;
  if (items === undefined || !items.every(isRecord)) return undefined;
  if (items.length === 0) return '(no items)';
  const columns = fields && fields.length > 0 ? [...fields] : columnsOf(items);
  // No colours: the table must read the same in a terminal without them and in a captured log.
  const table = new Table({ head: columns, style: { head: [], border: [] } });
  for (const item of items) table.push(columns.map((c) => cell(get(item, c))));
  const more = isPage(doc) && isRecord(doc.paging) && typeof doc.paging['nextToken'] === 'string'
    ? `\n${items.length} shown${typeof doc.paging['totalCount'] === 'number' ? ` of ${doc.paging['totalCount']}` : ''}; more pages follow (--all to fetch them)`
    : '';
  return `${table.toString()}${more}`;
}
