import { processorEventProblem } from './processor-event-shape';

describe('processorEventProblem', () => {
  it('accepts an event with its object and the object id', () => {
    expect(processorEventProblem({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', status: 'succeeded' } } })).toBeUndefined();
  });

  it.each([
    [{ id: 'evt_1', type: 'account.updated' }, 'data.object'],
    [{ id: 'evt_1', data: null }, 'data.object'],
    [{ id: 'evt_1', data: {} }, 'data.object'],
    [{ id: 'evt_1', data: { object: 'pi_1' } }, 'data.object'],
    [{ id: 'evt_1', data: { object: [] } }, 'data.object'],
    [{ id: 'evt_1', data: { object: {} } }, 'data.object.id'],
    [{ id: 'evt_1', data: { object: { id: 42 } } }, 'data.object.id'],
  ])('names what %j lacks', (event, param) => {
    expect(processorEventProblem(event)).toBe(param);
  });
});
