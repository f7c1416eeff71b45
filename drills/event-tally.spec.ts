import { Receipt, SeenEvent, TIMELINE_EVENTS, tallyEvents } from './event-tally';

const eventsOf = (deliveryId: string): SeenEvent[] => TIMELINE_EVENTS.map((type) => ({ id: `evt_${deliveryId}_${type}`, type, deliveryId }));
const receiptsOf = (deliveryId: string, validSignature = true): Receipt[] => eventsOf(deliveryId).map((event) => ({ ...event, validSignature }));

describe('tallyEvents', () => {
  it('counts five events per accepted delivery, each received and listed', () => {
    const tally = tallyEvents(['d1', 'd2'], [...receiptsOf('d1'), ...receiptsOf('d2')], [...eventsOf('d1'), ...eventsOf('d2')]);
    expect(tally).toEqual({
      expected: 10,
      received: 10,
      listed: 10,
      receivedUnlisted: 0,
      receipts: 10,
      duplicateReceipts: 0,
      badSignatures: 0,
      doubleEmitted: 0,
    });
  });

  it('does not count an event as received when its only receipt has a bad signature', () => {
    const receipts = [...receiptsOf('d1').slice(1), { ...receiptsOf('d1')[0], validSignature: false }];
    const tally = tallyEvents(['d1'], receipts, eventsOf('d1'));
    expect(tally.received).toBe(4);
    expect(tally.badSignatures).toBe(1);
  });

  it('counts repeated receipts of one event as duplicates, not as more events', () => {
    const receipts = [...receiptsOf('d1'), receiptsOf('d1')[2], receiptsOf('d1')[2]];
    const tally = tallyEvents(['d1'], receipts, eventsOf('d1'));
    expect(tally.received).toBe(5);
    expect(tally.duplicateReceipts).toBe(2);
  });

  it('finds events missing from the receiver and from the list, and received events the list lacks', () => {
    const tally = tallyEvents(['d1', 'd2'], [...receiptsOf('d1'), ...receiptsOf('d2').slice(0, 2)], eventsOf('d1').slice(0, 3));
    expect(tally).toMatchObject({ expected: 10, received: 7, listed: 3, receivedUnlisted: 4 });
  });

  it('notices one state change emitted twice under two event ids', () => {
    const again: Receipt = { ...receiptsOf('d1')[4], id: 'evt_other' };
    expect(tallyEvents(['d1'], [...receiptsOf('d1'), again], eventsOf('d1')).doubleEmitted).toBe(1);
  });
});
