import { AsyncResource } from 'node:async_hooks';

let installed = false;

/**
 * Node 20's `AsyncResource#bind` gives every function it binds an
 * `asyncResource` accessor built from two `deprecate()` wrappers (DEP0172:
 * the property is deprecated), and Fastify binds one callback per request
 * that has a body (its content-type parser keeps the request's async
 * context). Those wrappers were the dearest part of a quote's body handling:
 * in turns with the unchanged build, the gateway's CPU per `POST /v1/quotes`
 * went 0.19–0.21 → 0.13–0.16 ms (bench/HISTORY.md, ninth pass). The binding
 * itself is Node's: the function runs in the resource's async scope with its
 * `this` (or `thisArg`) and arguments, and keeps its `length` (Fastify reads
 * a hook's arity). Only the deprecated accessor is gone. Installed once per
 * process, before Fastify starts.
 */
export function installLeanAsyncResourceBind(): void {
  if (installed) return;
  installed = true;
  const leanBind = function bind(this: AsyncResource, fn: (...args: unknown[]) => unknown, thisArg?: unknown) {
    return boundTo(this, fn, thisArg);
  };
  AsyncResource.prototype.bind = leanBind as AsyncResource['bind'];
}

function boundTo(resource: AsyncResource, fn: (...args: unknown[]) => unknown, thisArg: unknown): (...args: unknown[]) => unknown {
  if (typeof fn !== 'function') throw new TypeError(`The "fn" argument must be of type function. Received ${typeof fn}`);
  const bound = function (this: unknown, ...args: unknown[]) {
    return resource.runInAsyncScope(fn, thisArg === undefined ? this : thisArg, ...args);
  };
  Object.defineProperty(bound, 'length', { configurable: true, enumerable: false, value: fn.length, writable: false });
  return bound;
}
