/**
 * An external link (course recommend URL, case link resource) as opened in a new tab: http:// is
 * put in front unless the URL is already http(s) (SPEC §2), so a stored `javascript:` never runs.
 */
export function externalUrl(url: string): string {
  const u = url.trim();
  return /^https?:\/\//i.test(u) ? u : `http://${u}`;
}

/** Opens an external link in a new tab without giving it a handle on this page. */
export function openExternal(url: string): void {
  window.open(externalUrl(url), '_blank', 'noopener');
}
