/**
 * The field a signed processor event lacks for us to apply it, or undefined
 * when it has what we read: every event its `data.object`, with the `id` of
 * the intent or account it is about. A signature proves who sent the body,
 * not that it has this shape (an API version we do not know, a test sent by hand).
 */
export function processorEventProblem(event: unknown): string | undefined {
  const data = isObject(event) ? event.data : undefined;
  if (!isObject(data) || !isObject(data.object)) return 'data.object';
  if (typeof data.object.id !== 'string' || data.object.id.length === 0) return 'data.object.id';
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
