import { describe, expect, it } from '@jest/globals';
import type { ActiveDelivery } from '../delivery/DeliveryScreen';
import { holdShift, loadHeldShift } from './held-shift';

/** A Storage of a Map: what the page's sessionStorage does, without a DOM. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('the shift a reload keeps', () => {
  const delivery = { offer: { delivery_id: 'del_live_1' }, status: 'picked_up' } as unknown as ActiveDelivery;

  it('comes back after a reload, and is gone once offline with nothing in hand', () => {
    const storage = memoryStorage();
    expect(loadHeldShift(storage)).toEqual({ online: false, delivery: null });
    holdShift(storage, { online: true, delivery });
    expect(loadHeldShift(storage)).toEqual({ online: true, delivery });
    holdShift(storage, { online: false, delivery: null });
    expect(storage.length).toBe(0);
  });

  it('ignores what is not a shift', () => {
    const storage = memoryStorage();
    storage.setItem('driver-shift', '{"online":"yes","delivery":{"status":"picked_up"}}');
    expect(loadHeldShift(storage)).toEqual({ online: false, delivery: null });
    storage.setItem('driver-shift', 'not json');
    expect(loadHeldShift(storage)).toEqual({ online: false, delivery: null });
  });
});
