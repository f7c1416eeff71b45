/**
 * The name of the path parameter that is over `maxLength` characters, found
 * by matching `path` against the route templates (`/v1/deliveries/:id`):
 * Fastify's router refuses such a URL before routing and names no parameter.
 * Segments are compared as sent (Fastify measures them before decoding).
 */
export function overlongParameter(path: string, templates: Iterable<string>, maxLength: number): string | null {
  const segments = path.split(/[?#]/, 1)[0].split('/');
  for (const template of templates) {
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    let overlong: string | null = null;
    const matches = parts.every((part, i) => {
      if (!part.startsWith(':')) return part === segments[i];
      if (segments[i].length > maxLength && overlong === null) overlong = part.slice(1);
      return segments[i].length > 0;
    });
    if (matches && overlong !== null) return overlong;
  }
  return null;
}
