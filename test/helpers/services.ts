/**
 * Whether a missing service must fail its suite instead of skipping it.
 * CI_REQUIRE_SERVICES is `1` (every service) or a comma list such as
 * `redis` or `postgres,redis`: CI's SQLite pass requires Redis but not
 * PostgreSQL, its second pass requires both.
 */
export type Service = 'postgres' | 'redis' | 'chromium' | 'pdftoppm' | 'promtool';

export function serviceRequired(name: Service): boolean {
  const value = (process.env['CI_REQUIRE_SERVICES'] ?? '').trim();
  if (value === '1' || value === 'all') return true;
  return value.split(',').map((s) => s.trim()).includes(name);
}
