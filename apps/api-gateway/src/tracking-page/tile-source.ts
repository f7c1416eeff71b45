/**
 * The map tiles of the tracking page: an OpenStreetMap-compatible URL
 * template (TILE_URL), e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`
 * or `https://{s}.tile.example.com/{z}/{x}/{y}{r}.png`. Leaflet fills the
 * placeholders; the page's CSP lets images come from the template's host only.
 */

/** The placeholders Leaflet fills in without options of the page's own. */
const PLACEHOLDERS = ['{s}', '{z}', '{x}', '{y}', '{r}'];
const REQUIRED = ['{z}', '{x}', '{y}'];

/**
 * A host a CSP source can name exactly: DNS labels (or an IPv4 address) and
 * an optional port; `{s}.` (Leaflet's subdomains) only as the first label,
 * which becomes CSP's `*.`. Nothing that could end or extend a directive.
 */
const HOST = /^(\{s\}\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$/i;
const TEMPLATE = /^(https?):\/\/([^/?#]+)(\/[^#\s]*)$/;

/** What is wrong with a TILE_URL template; none when the page can use it. */
export function tileUrlProblems(template: string): string[] {
  const match = TEMPLATE.exec(template);
  if (!match) return ['not an http(s) URL with a path'];
  const [, , host, rest] = match;
  const problems: string[] = [];
  if (!HOST.test(host)) problems.push(`host ${JSON.stringify(host)} is not a host name (or {s}.host) with an optional port`);
  for (const placeholder of REQUIRED) if (!rest.includes(placeholder)) problems.push(`${placeholder} is missing`);
  const unknown = (rest.match(/\{[^}]*\}/g) ?? []).filter((placeholder) => !PLACEHOLDERS.includes(placeholder) || placeholder === '{s}');
  if (unknown.length > 0) problems.push(`unknown placeholder ${unknown.join(', ')} (only {z}, {x}, {y}, {r} in the path, {s} as the host's first label)`);
  if (/[;,'"<>\\]/.test(template)) problems.push('characters ; , \' " < > \\ are not allowed');
  return problems;
}

/** The CSP source that allows the template's tiles and nothing else of the web: its scheme, host (`{s}.` as `*.`) and port. */
export function tileCspSource(template: string): string {
  const match = TEMPLATE.exec(template);
  if (!match || tileUrlProblems(template).length > 0) throw new Error('TILE_URL is not a valid tile template');
  const [, scheme, host] = match;
  return `${scheme}://${host.replace(/^\{s\}\./, '*.').toLowerCase()}`;
}
