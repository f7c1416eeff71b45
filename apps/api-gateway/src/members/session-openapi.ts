import type { OpenAPIObject } from '@nestjs/swagger';
import { API_KEY_SCHEME } from '../openapi/decorators';
import { DASHBOARD_SESSION_COOKIE } from '../auth/session-cookie';

/** The security scheme of a dashboard session: the `sdd_session` cookie. */
export const SESSION_SCHEME = 'session_cookie';

export const SESSION_SCHEME_DESCRIPTION =
  'A dashboard session (POST /v1/dashboard/sessions), in place of an API key. The mode is the `Dashboard-Mode` header ' +
  "(`test`, the default, or `live`); every POST, PATCH, PUT and DELETE carries the session's `csrf_token` as `X-CSRF-Token`; " +
  "the member's role is enforced. A request with both an API key and the cookie uses the key.";

/** The 401 of the dashboard's own routes, which take the session only. */
export const SESSION_401 =
  '`authentication_error` / `session_invalid` (ended, signed out or unknown), `session_missing` (called with an API key), or `api_key_missing` (neither a cookie nor a key).';

const ERROR_ENVELOPE = { $ref: '#/components/schemas/ErrorEnvelope' };
const FORBIDDEN =
  "With a session: `permission_error` / `csrf_token_invalid` (a change without the session's X-CSRF-Token) or `role_forbidden` (the member's role does not allow it).";
const BAD_MODE = 'With a session: `invalid_request_error` / `parameter_invalid`, `param` `Dashboard-Mode`: not `test` or `live`.';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

type Requirement = Record<string, string[]>;
interface Response {
  description: string;
  content?: unknown;
}
interface Operation {
  security?: Requirement[];
  responses: Record<string, Response>;
}

function withError(responses: Record<string, Response>, status: string, description: string): Record<string, Response> {
  const documented = responses[status];
  const response = documented
    ? { ...documented, description: `${documented.description} ${description}` }
    : { description, content: { 'application/json': { schema: ERROR_ENVELOPE } } };
  return { ...responses, [status]: response };
}

/**
 * Every operation that takes an API key takes a session cookie in its place
 * (CallerAuthenticator): the document says so once, here, for every such
 * operation, routes added later included, with the answers only a session
 * gets (403 for CSRF and roles, 400 for a bad Dashboard-Mode).
 */
export function documentSessionAuth(document: OpenAPIObject): OpenAPIObject {
  const byDefault = (document.security ?? []) as Requirement[];
  const session: Requirement = { [SESSION_SCHEME]: [] };
  document.components = {
    ...document.components,
    securitySchemes: {
      ...document.components?.securitySchemes,
      [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: DASHBOARD_SESSION_COOKIE.name, description: SESSION_SCHEME_DESCRIPTION },
    },
  };
  for (const item of Object.values(document.paths)) {
    const operations = item as Record<string, Operation>;
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const security = operation.security ?? byDefault;
      if (!security.some((requirement) => API_KEY_SCHEME in requirement)) continue;
      operation.security = [...security, session];
      operation.responses = withError(withError(operation.responses, '403', FORBIDDEN), '400', BAD_MODE);
    }
  }
  return document;
}
