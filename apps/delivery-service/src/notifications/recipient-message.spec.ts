import { recipientMessageFor } from './recipient-message';

const delivery = { recipientName: 'Amélie Tremblay', trackingUrl: 'https://deliver.example/track/abc', pickupName: 'Boulangerie Ada' };

describe('recipientMessageFor', () => {
  it('tells the recipient, by first name, when a driver is coming, when it is on its way and when it arrived', () => {
    expect(recipientMessageFor('driver_assigned', delivery)).toEqual({
      subject: 'A driver is on the way to pick up your delivery',
      text: 'Hi Amélie,\n\nA driver is heading to pick up your delivery from Boulangerie Ada.\nFollow it live: https://deliver.example/track/abc\n',
    });
    expect(recipientMessageFor('in_transit', delivery)?.subject).toBe('Your delivery is on its way');
    expect(recipientMessageFor('delivered', delivery)?.text).not.toContain('track');
  });

  it('says nothing at the other steps, and nothing of the surname', () => {
    for (const step of ['created', 'pending', 'picked_up', 'cancelled', 'failed'] as const) expect(recipientMessageFor(step, delivery)).toBeUndefined();
    expect(JSON.stringify(recipientMessageFor('in_transit', delivery))).not.toContain('Tremblay');
  });
});
