import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';

// Static list (not a folder scan) so migrations work the same under tsx, the
// compiled build and tests. Append new migrations; never edit a landed one.
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
