import { bodyProblemError, findBodyProblem, MAX_JSON_DEPTH } from './json-body.inspector';

/** `depth` nested arrays, built without recursion. */
function nested(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

describe('findBodyProblem', () => {
  it('accepts an ordinary body', () => {
    expect(findBodyProblem({ quote_id: 'qt_1', customer: { name: 'Amélie 🚚' }, metadata: { order: '42' }, tags: ['a', 1, null, true] })).toBeUndefined();
    expect(findBodyProblem(undefined)).toBeUndefined();
    expect(findBodyProblem(null)).toBeUndefined();
  });

  it(`allows ${MAX_JSON_DEPTH} levels and refuses one more, objects and arrays alike`, () => {
    expect(findBodyProblem(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findBodyProblem(nested(MAX_JSON_DEPTH + 1))).toEqual({ kind: 'too_deep' });
    let object: unknown = 'leaf';
    for (let level = 0; level < MAX_JSON_DEPTH + 1; level++) object = { a: object };
    expect(findBodyProblem(object)).toEqual({ kind: 'too_deep' });
    expect(findBodyProblem({ a: [{ b: [] }] }, 4)).toBeUndefined();
    expect(findBodyProblem({ a: [{ b: [] }] }, 3)).toEqual({ kind: 'too_deep' });
  });

  it('walks a body nested deeper than 1 MB of JSON can be without overflowing the stack, in linear time', () => {
    const body = nested(600_000);
    const started = performance.now();
    expect(findBodyProblem(body, 1_000_000)).toBeUndefined();
    expect(findBodyProblem(body)).toEqual({ kind: 'too_deep' });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('names an ill-formed value by its dotted path, array indices included', () => {
    expect(findBodyProblem({ email: 'a\ud800@b.co' })).toEqual({ kind: 'ill_formed_text', param: 'email' });
    expect(findBodyProblem({ address: { street: '1\u0000 Main' } })).toEqual({ kind: 'ill_formed_text', param: 'address.street' });
    expect(findBodyProblem({ events: ['ok', 'x\udc00'] })).toEqual({ kind: 'ill_formed_text', param: 'events.1' });
    expect(findBodyProblem({ items: [{ name: 'ok' }, { name: '\ud800' }] })).toEqual({ kind: 'ill_formed_text', param: 'items.1.name' });
  });

  it('names an ill-formed key by its path, the bad characters shown as U+FFFD', () => {
    expect(findBodyProblem({ '\u0000': 1 })).toEqual({ kind: 'ill_formed_text', param: '\ufffd' });
    expect(findBodyProblem({ metadata: { 'or\ud800der': '42' } })).toEqual({ kind: 'ill_formed_text', param: 'metadata.or\ufffdder' });
  });

  it('reports the first problem in document order', () => {
    expect(findBodyProblem({ a: '\u0000', b: { c: '\ud800' } })).toEqual({ kind: 'ill_formed_text', param: 'a' });
    expect(findBodyProblem({ a: { c: '\ud800' }, b: '\u0000' })).toEqual({ kind: 'ill_formed_text', param: 'a.c' });
  });
});

describe('bodyProblemError', () => {
  it('is invalid_json without a param for nesting, parameter_invalid naming the field for text', () => {
    expect(bodyProblemError({ kind: 'too_deep' }).toPayload()).toMatchObject({ status: 400, code: 'invalid_json', param: null });
    expect(bodyProblemError({ kind: 'ill_formed_text', param: 'customer.email' }).toPayload()).toMatchObject({
      status: 400,
      code: 'parameter_invalid',
      param: 'customer.email',
    });
  });
});
