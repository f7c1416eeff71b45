import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { installLeanAsyncResourceBind } from './lean-async-resource-bind';

describe('installLeanAsyncResourceBind', () => {
  beforeAll(() => installLeanAsyncResourceBind());

  it('runs the bound function in the async context it was bound in, wherever it is called from', async () => {
    const storage = new AsyncLocalStorage<string>();
    const bound = storage.run('bound here', () => AsyncResource.bind(() => storage.getStore()));
    expect(storage.run('called here', () => bound())).toBe('bound here');
    expect(await new Promise((resolve) => setImmediate(() => resolve(bound())))).toBe('bound here');
  });

  it("passes the arguments, returns the result, and uses the caller's this unless one is given", () => {
    function describeCall(this: { name?: string } | undefined, a: number, b: number) {
      return `${this?.name ?? 'none'}:${a + b}`;
    }
    const resource = new AsyncResource('test');
    const fromCaller = resource.bind(describeCall);
    expect(fromCaller.call({ name: 'caller' }, 1, 2)).toBe('caller:3');
    // Node's bind takes a `thisArg` its type declaration leaves out.
    const bindWithThis = resource.bind.bind(resource) as (fn: typeof describeCall, thisArg: unknown) => typeof describeCall;
    const fixed = bindWithThis(describeCall, { name: 'given' });
    expect(fixed.call({ name: 'caller' }, 2, 3)).toBe('given:5');
  });

  it("keeps the function's arity (Fastify tells callback hooks from async ones by it) and drops only the deprecated accessor", () => {
    const bound = AsyncResource.bind((_request: unknown, _reply: unknown, _done: unknown) => undefined);
    expect(bound.length).toBe(3);
    expect(Object.getOwnPropertyDescriptor(bound, 'asyncResource')).toBeUndefined();
  });

  it('refuses what is not a function, as Node does', () => {
    expect(() => new AsyncResource('test').bind('nope' as unknown as () => void)).toThrow(TypeError);
  });

  it('is installed once', () => {
    const bind = AsyncResource.prototype.bind;
    installLeanAsyncResourceBind();
    expect(AsyncResource.prototype.bind).toBe(bind);
  });
});
