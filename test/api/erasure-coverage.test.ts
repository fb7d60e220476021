import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownOnly, type TableDeclaration } from '../../src/db/declare.js';
import { TABLE_DECLARATIONS } from '../../src/db/tables.js';
import { erasureGaps, type Eraser } from '../../src/modules/privacy/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

// "Nothing is left" at build time (docs/privacy.md): every column declared to hold personal
// data (src/db/tables.ts, checked against the migrated schema by test/architecture/declared-columns.test.ts)
// is covered by an eraser the app registers. A table or column added without its eraser fails here,
// instead of every erasure scanning every column at run time.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('erasure coverage', () => {
  it('covers every column declared to hold personal data with a registered eraser, and names no other', () => {
    expect(erasureGaps(TABLE_DECLARATIONS, t.services.erasers.all())).toEqual([]);
  });

  it('reports a personal column without an eraser, free text that is only erased by id, and a column an eraser names wrongly', () => {
    const declarations: TableDeclaration[] = [
      { table: 'notes', owner: 'notes', columns: { id: 'none', author_email: 'cleared', body: 'free-text', kind: 'none' } },
    ];
    const erasers: Eraser[] = [{ place: 'notes', columns: ['notes.body', 'notes.kind', 'notes.gone'], erase: () => Promise.resolve(0) }];
    expect(erasureGaps(declarations, erasers)).toEqual([
      "notes.author_email: declared 'cleared' but no registered eraser clears or replaces it",
      "notes.author_email: declared 'cleared' but no registered eraser searches it for mentions in other people's rows (or declare it ownOnly, saying why)",
      "notes.body: declared 'free-text' but no registered eraser searches it for mentions",
      "notes.kind: named by the eraser 'notes' but not declared to hold personal data",
      "notes.gone: named by the eraser 'notes' but not declared to hold personal data",
    ]);
    expect(erasureGaps(declarations, [{ place: 'notes', columns: ['notes.author_email'], mentions: ['notes.body', 'notes.author_email'], erase: () => Promise.resolve(0) }])).toEqual([]);
  });

  it("requires a cleared or replaced column to be searched in other people's rows too, unless it is declared ownOnly and erased by id", () => {
    const declarations: TableDeclaration[] = [
      { table: 'notes', owner: 'notes', columns: { id: 'none', author_email: 'cleared', author_id: ownOnly('cleared', 'an id eventline writes') } },
    ];
    // Erased in the contact's own rows only: another note's author_email may hold the contact's email.
    expect(erasureGaps(declarations, [{ place: 'notes', columns: ['notes.author_email', 'notes.author_id'], erase: () => Promise.resolve(0) }])).toEqual([
      "notes.author_email: declared 'cleared' but no registered eraser searches it for mentions in other people's rows (or declare it ownOnly, saying why)",
    ]);
    // An ownOnly column is still erased by id: searching for mentions alone does not clear the contact's own id.
    expect(erasureGaps(declarations, [{ place: 'notes', columns: [], mentions: ['notes.author_email', 'notes.author_id'], erase: () => Promise.resolve(0) }])).toEqual([
      "notes.author_id: declared 'cleared' in the contact's own rows only, but no registered eraser clears or replaces it by id",
    ]);
    expect(erasureGaps(declarations, [{ place: 'notes', columns: ['notes.author_email', 'notes.author_id'], mentions: ['notes.author_email'], erase: () => Promise.resolve(0) }])).toEqual([]);
  });
});
