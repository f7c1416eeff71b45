import { dereference } from '@readme/openapi-parser';
import { Ajv, type AnySchemaObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { findOperation, OperationPaths } from './openapi-operation';

type ParserInput = Parameters<typeof dereference>[0];
type DocumentedResponses = Record<string, { content?: Record<string, { schema?: AnySchemaObject }> }>;

/**
 * OpenAPI 3.0's `nullable` as JSON Schema says it: null, or the schema. Ajv's
 * own `nullable` only widens a `type` beside it, so a nullable reference
 * (`nullable` beside `allOf`) would refuse the null it documents.
 */
export function nullableAsJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, nullableAsJsonSchema(value)]));
  return nullable === true ? { anyOf: [{ type: 'null' }, converted] } : converted;
}

/** What a request got back, as the document describes responses. */
export interface ObservedResponse {
  method: string;
  pathname: string;
  status: number;
  contentType: string | null;
  text: string;
}

/**
 * Holds real responses to the OpenAPI document the gateway serves: the
 * status must be documented for the operation and a JSON body must match its
 * schema, whose objects the gateway closes, so an undocumented field fails.
 */
export class OpenApiConformance {
  private readonly ajv = new Ajv({ allErrors: true, strict: false });
  private readonly validators = new Map<string, ValidateFunction>();

  private constructor(private readonly paths: OperationPaths) {
    addFormats(this.ajv);
  }

  static async fromDocument(document: object): Promise<OpenApiConformance> {
    const resolved = (await dereference(structuredClone(document) as ParserInput)) as unknown as { paths: OperationPaths };
    return new OpenApiConformance(resolved.paths);
  }

  /** Why the response breaks the document, or null when it keeps to it (or reached no documented operation). */
  mismatch(observed: ObservedResponse): string | null {
    const operation = findOperation(this.paths, observed.method, observed.pathname);
    if (!operation) return null;
    const where = `${observed.method.toUpperCase()} ${observed.pathname} → ${observed.status}`;
    const responses = (this.paths[operation.path]?.[operation.method] as { responses?: DocumentedResponses }).responses ?? {};
    const documented = responses[String(observed.status)];
    if (!documented) return `${where}: status not documented for ${operation.method.toUpperCase()} ${operation.path}`;
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) return null;
    if (!observed.contentType?.startsWith('application/json')) return `${where}: documented as JSON, got ${observed.contentType ?? 'no content type'}`;
    let body: unknown;
    try {
      body = JSON.parse(observed.text);
    } catch {
      return `${where}: body is not JSON`;
    }
    const key = `${operation.method} ${operation.path} ${observed.status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(nullableAsJsonSchema(schema) as AnySchemaObject);
      this.validators.set(key, validate);
    }
    if (validate(body)) return null;
    return `${where}: ${this.ajv.errorsText(validate.errors)} in ${observed.text.slice(0, 500)}`;
  }
}
