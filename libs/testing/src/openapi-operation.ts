/** The paths and methods of an OpenAPI document, as much of it as finding an operation needs. */
export type OperationPaths = Record<string, Partial<Record<string, unknown>>>;

export interface OperationMatch {
  /** The document's path template, e.g. `/v1/deliveries/{deliveryId}`. */
  path: string;
  method: string;
}

function templateMatches(template: string, path: string): boolean {
  const templateParts = template.split('/');
  const pathParts = path.split('/');
  return templateParts.length === pathParts.length && templateParts.every((part, i) => (/^\{[^}]+\}$/.test(part) ? pathParts[i] !== '' : part === pathParts[i]));
}

function parameterCount(template: string): number {
  return (template.match(/\{/g) ?? []).length;
}

/**
 * The documented operation a request reached, as the router picks it: a
 * literal segment beats a parameter (`/v1/api_keys/roll` before
 * `/v1/api_keys/{keyId}`). Undefined when the document has none: an unknown
 * route is not an operation.
 */
export function findOperation(paths: OperationPaths, method: string, pathname: string): OperationMatch | undefined {
  const lower = method.toLowerCase();
  const candidates = Object.keys(paths)
    .filter((template) => paths[template]?.[lower] !== undefined && templateMatches(template, pathname))
    .sort((a, b) => parameterCount(a) - parameterCount(b));
  return candidates.length === 0 ? undefined : { path: candidates[0], method: lower };
}
