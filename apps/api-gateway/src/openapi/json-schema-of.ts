/** An OpenAPI 3.0 document as far as its component schemas go. */
export interface SchemaDocument {
  components?: { schemas?: Record<string, unknown> };
}

const COMPONENT_PREFIX = '#/components/schemas/';

/** Keywords whose value is one schema, and those whose value is a list of schemas. */
const ONE_SCHEMA = new Set(['items', 'additionalProperties', 'not']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf']);

/**
 * The component schema `ref` names (`#/components/schemas/Name`) as a
 * self-contained JSON Schema (draft-07), so a client validates with any JSON
 * Schema library what the OpenAPI document describes: references inlined,
 * OpenAPI's `nullable` written as "null or the schema" (beside a reference
 * it would otherwise be lost), and its `example` (not a JSON Schema keyword)
 * left out.
 */
export function jsonSchemaOf(document: SchemaDocument, ref: string): Record<string, unknown> {
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...(inlined(document, { $ref: ref }, []) as Record<string, unknown>) };
}

function inlined(document: SchemaDocument, schema: unknown, within: readonly string[]): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $ref, nullable, example: _example, ...rest } = schema as Record<string, unknown>;
  if (typeof $ref === 'string') {
    if (!$ref.startsWith(COMPONENT_PREFIX)) throw new Error(`${$ref}: only references to component schemas are inlined`);
    const name = $ref.slice(COMPONENT_PREFIX.length);
    if (within.includes(name)) throw new Error(`${name} refers to itself: it cannot be inlined`);
    const target = document.components?.schemas?.[name];
    if (target === undefined) throw new Error(`${$ref} is not a schema of the document`);
    return inlined(document, target, [...within, name]);
  }
  const converted = Object.fromEntries(
    Object.entries(rest).map(([keyword, value]) => {
      if (keyword === 'properties') return [keyword, Object.fromEntries(Object.entries(value as object).map(([field, property]) => [field, inlined(document, property, within)]))];
      if (ONE_SCHEMA.has(keyword)) return [keyword, inlined(document, value, within)];
      if (SCHEMA_LISTS.has(keyword)) return [keyword, (value as unknown[]).map((member) => inlined(document, member, within))];
      return [keyword, value];
    }),
  );
  return nullable === true ? { anyOf: [{ type: 'null' }, converted] } : converted;
}
