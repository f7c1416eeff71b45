/**
 * Every object schema that lists its properties, closed to any other: the
 * document then promises exactly the fields it names, so a response field it
 * does not name fails validation (and a request field is refused, as the
 * validation pipe does). A schema that says otherwise keeps its own rule.
 */
export function closeObjectSchemas<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(closeObjectSchemas) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closeObjectSchemas(value)]));
  if ('properties' in copy && !('additionalProperties' in copy)) copy.additionalProperties = false;
  return copy as T;
}
