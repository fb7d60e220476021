import { WebcastErrors } from './webcasts.errors.js';

export const LINK_NAMES = ['join', 'speaker', 'host', 'recording'] as const;

/**
 * A join, speaker, host or recording URL, or an attendee's personal join URL: attendees and hosts
 * open these, and the web UI renders them as links, so only an absolute http or https URL with a
 * host (and no user name or password in it) is stored; `javascript:`, `data:`, relative paths and
 * free text are refused with a 400 naming the field. An empty string means "no URL". The value is
 * stored exactly as sent (the webcast sync compares it with the provider's).
 */
export function checkLinkUrl(value: string | undefined, target: string): void {
  if (value === undefined || value === '') return;
  const refuse = (why: string) => WebcastErrors.invalidUrl(`${target} ${why}`, { target });
  if (value !== value.trim()) throw refuse('must not start or end with spaces');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse(`must be an http or https URL, not ${url.protocol}`);
  if (url.hostname === '') throw refuse('has no host');
  if (url.username !== '' || url.password !== '') throw refuse('must not carry a user name or password');
}

/** Each link of a webcast body (`_links.join.href`, ...). */
export function checkWebcastLinks(links: Partial<Record<(typeof LINK_NAMES)[number], { href?: string } | undefined>> | undefined): void {
  for (const name of LINK_NAMES) checkLinkUrl(links?.[name]?.href, `_links.${name}.href`);
}
