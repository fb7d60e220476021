import type { Action } from './insights.schemas.js';

/** What scoring reads of an activity. */
export interface Scorable {
  readonly type: string;
  readonly name: string;
}

/**
 * The action an activity earns points through, if any: the action naming the
 * activity (type and name) first, else the action of its type without a name.
 */
export function matchAction(actions: readonly Action[], activity: Scorable): Action | undefined {
  return actions.find((a) => a.type === activity.type && a.name === activity.name)
    ?? actions.find((a) => a.type === activity.type && a.name === undefined);
}

/** Two actions may not match the same activities: one per type, or per type and name. */
export function duplicateAction(actions: readonly Action[]): Action | undefined {
  const seen = new Set<string>();
  for (const a of actions) {
    const key = `${a.type}\u0000${a.name ?? ''}`;
    if (seen.has(key)) return a;
    seen.add(key);
  }
  return undefined;
}

/** Up to `count` equal ranges from `lowest` to `highest` (integers), for the distribution. */
export function bucketWidth(lowest: number, highest: number, count: number): number {
  return Math.max(1, Math.ceil((highest - lowest + 1) / count));
}
