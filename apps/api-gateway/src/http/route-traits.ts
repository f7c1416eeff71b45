import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { FastifyRequest } from 'fastify';
import type { RouteBudget } from '../rate-limit/rate-limit';

/**
 * What Fastify's hooks must know about a route before Nest's guards run: they
 * see the matched route's config, never the raw URL, so percent-encoding or
 * extra slashes cannot change what a request counts as.
 */
export interface RouteTraits {
  /** Needs no API key: the rate limit does not authenticate, and counts per client IP. */
  public?: boolean;
  /** A budget of its own instead of the caller's. */
  budget?: RouteBudget;
  /** The handler needs the body exactly as sent (a signature covers its bytes): the JSON parser keeps it. */
  rawBody?: boolean;
  /** The body is a photo (image/jpeg, image/png, image/webp), handed to the handler as a Buffer. */
  photoBody?: boolean;
  /** Not written to the request log (request-logs/): reading the log must not add to it. */
  unlogged?: boolean;
}

type Method = (...args: never[]) => unknown;

function mergeInto(method: Method, traits: RouteTraits): void {
  const current = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, method) as RouteTraits | undefined) ?? {};
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...current, ...traits }, method);
}

/**
 * Puts `traits` into the Fastify route config of a handler, or of every
 * handler of a controller. Nest's own @RouteConfig exists for methods only
 * and replaces rather than merges.
 */
export function WithRouteTraits(traits: RouteTraits): ClassDecorator & MethodDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      mergeInto(descriptor.value as Method, traits);
      return;
    }
    const prototype = (target as { prototype: Record<string, unknown> }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const member = Object.getOwnPropertyDescriptor(prototype, name)?.value;
      if (name !== 'constructor' && typeof member === 'function') mergeInto(member as Method, traits);
    }
  };
}

/** The traits of the route a request matched; none for a request no route matched. */
export function routeTraitsOf(request: FastifyRequest): RouteTraits {
  return (request.routeOptions.config ?? {}) as RouteTraits;
}

/** Whether a route matched at all: an unknown URL is answered 404 by Fastify, no handler runs. */
export function matchedRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url !== undefined;
}
