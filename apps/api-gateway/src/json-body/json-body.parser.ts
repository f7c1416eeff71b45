import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeTraitsOf } from '../http/route-traits';
import { bodyProblemError, findBodyProblem } from './json-body.inspector';

const rawBodies = new WeakMap<FastifyRequest, string>();

/** The body as sent, on routes whose traits ask for it (`rawBody`); undefined elsewhere. */
export function rawBodyOf(request: FastifyRequest): string | undefined {
  return rawBodies.get(request);
}

type Done = (error: Error | null, body?: unknown) => void;

/**
 * The JSON API's body parser: Fastify's own (secure-json-parse, refusing
 * `__proto__` and `constructor.prototype` keys, with its 400s for empty and
 * unparsable bodies), then a refusal of what parses but would break the code
 * behind it: nesting deeper than MAX_JSON_DEPTH (recursive validation would
 * overflow the stack) and keys or strings that are not well-formed Unicode or
 * hold NUL (Postgres text refuses both). The app must be created with
 * `bodyParser: false`, so that Nest does not register its own in its place.
 */
export function registerJsonBodyParser(fastify: FastifyInstance, bodyLimit: number): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request: FastifyRequest, text: string, done: Done) => {
    parse(request, text, (error: Error | null, body?: unknown) => {
      if (error) return done(error);
      const problem = findBodyProblem(body);
      if (problem) return done(bodyProblemError(problem));
      if (routeTraitsOf(request).rawBody) rawBodies.set(request, text);
      done(null, body);
    });
  });
}
