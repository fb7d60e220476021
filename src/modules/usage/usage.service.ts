import type { Config } from '../../config/index.js';
import { systemClock, type Clock } from '../../db/time.js';
import { utcDay, type RateLimiter } from '../../ratelimit/index.js';
import type { AccountsService } from '../accounts/index.js';
import { UsageErrors } from './usage.errors.js';
import type { UsageRecorder } from './usage.recorder.js';
import type { UsageRepository } from './usage.repository.js';
import type { HourlyUsage, Usage, UsagePage, UsageQuery, UsageTier } from './usage.schemas.js';

const DAY_MS = 86_400_000;
const MAX_SPAN_DAYS = 31;
const ONE_SIDED_DAYS = 7;
const DEFAULT_HISTORY_DAYS = 30;

function parseDay(value: string, target: 'after' | 'before'): string {
  const match = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(value.trim());
  const ms = match ? Date.parse(match[2] ? value.trim() : `${match[1]}T00:00:00Z`) : Number.NaN;
  if (!match || Number.isNaN(ms)) throw UsageErrors.invalidDate(`${target} must be an ISO-8601 date (YYYY-MM-DD) or date-time`, { target });
  return utcDay(ms);
}

const addDays = (day: string, n: number): string => utcDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

// Today's counts come from the limiter (exact, shared by all processes);
// earlier days from the usage table, after this process's pending counts are
// written. `total` of a past day is the current tier's quota: tier history is not kept.
export class UsageService {
  constructor(
    private readonly repo: UsageRepository,
    private readonly recorder: UsageRecorder,
    private readonly limiter: RateLimiter | undefined,
    private readonly accounts: AccountsService,
    private readonly config: Pick<Config, 'tiers' | 'publicUrl'>,
    private readonly clock: Clock = systemClock,
  ) {}

  async tier(accountId: string): Promise<UsageTier> {
    const { tier } = await this.accounts.getAccount(accountId);
    const limits = this.config.tiers[tier];
    return { name: tier, quota: limits.perDay, rateLimit: limits.perSecond, burstLimit: limits.burst };
  }

  /** `requestUrl` is the path and query the caller used; `_links.self.href` is it made absolute, like every list's links. */
  async daily(accountId: string, query: UsageQuery, requestUrl: string): Promise<UsagePage> {
    const href = `${this.config.publicUrl}${requestUrl}`;
    const today = utcDay(this.clock().getTime());
    const quota = await this.quota(accountId);
    await this.recorder.flush();
    let days: string[];
    if (query.after === undefined && query.before === undefined) {
      const recent = await this.repo.recentDays(accountId, today, DEFAULT_HISTORY_DAYS);
      days = [...recent.map((r) => r.day).reverse(), today];
    } else {
      const after = query.after !== undefined ? parseDay(query.after, 'after') : undefined;
      const before = query.before !== undefined ? parseDay(query.before, 'before') : undefined;
      const from = after ?? addDays(before ?? today, -(ONE_SIDED_DAYS - 1));
      const to = before ?? addDays(from, ONE_SIDED_DAYS - 1);
      if (from > to) throw UsageErrors.invalidRange(undefined, { target: 'after' });
      if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) >= MAX_SPAN_DAYS * DAY_MS) throw UsageErrors.rangeTooLong(undefined, { target: 'before' });
      days = daysBetween(from, to < today ? to : today);
    }
    const stored = days.length > 0 ? await this.repo.dailyTotals(accountId, days[0] ?? today, days[days.length - 1] ?? today) : [];
    const used = new Map(stored.map((r) => [r.day, Number(r.calls)]));
    if (days.includes(today)) used.set(today, await this.todayUsed(accountId, used.get(today) ?? 0));
    const data: Usage[] = days.map((date) => {
      const n = used.get(date) ?? 0;
      return { date, used: n, remaining: Math.max(0, quota - n), total: quota };
    });
    // One page holds the whole range (at most 31 days), in the contract's paging envelope.
    return { paging: { limit: Math.max(data.length, 1), totalCount: data.length, _links: { self: { href } } }, data };
  }

  async hourly(accountId: string, date: string | undefined): Promise<HourlyUsage> {
    const today = utcDay(this.clock().getTime());
    const day = date ?? today;
    if (Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw UsageErrors.invalidDate('date must be a date (YYYY-MM-DD)', { target: 'date' });
    const quota = await this.quota(accountId);
    let hours: number[];
    if (day === today && this.limiter) {
      hours = [...(await this.limiter.today(accountId)).hours];
    } else {
      await this.recorder.flush();
      hours = new Array<number>(24).fill(0);
      for (const r of await this.repo.hours(accountId, day)) hours[r.hour] = Number(r.calls);
    }
    return { date: day, quota, data: hours.map((used, hour) => ({ hour, used })) };
  }

  close(): Promise<void> {
    return this.recorder.close();
  }

  private async quota(accountId: string): Promise<number> {
    return Math.floor((await this.tier(accountId)).quota);
  }

  private async todayUsed(accountId: string, stored: number): Promise<number> {
    return this.limiter ? (await this.limiter.today(accountId)).used : stored;
  }
}
