import { redactProcessorError } from './processor-error-redaction';

describe('redactProcessorError', () => {
  it('keeps what a refusal says', () => {
    const message = 'No such destination: acct_1Q2w3E4r5T6y; a similar object exists in test mode';
    expect(redactProcessorError(message)).toBe(message);
    expect(redactProcessorError('Refund amount (3499) is greater than unrefunded amount on charge (2500)')).toBe(
      'Refund amount (3499) is greater than unrefunded amount on charge (2500)',
    );
  });

  it('removes keys, signing secrets and client secrets', () => {
    expect(redactProcessorError('Invalid API Key provided: sk_live_51Habc123')).toBe('Invalid API Key provided: [redacted]');
    expect(redactProcessorError('rk_test_9x and pk_live_7y, whsec_abc')).toBe('[redacted] and [redacted], [redacted]');
    expect(redactProcessorError('pi_3Mtw_secret_YrKJUK for pi_3Mtw')).toBe('[redacted] for pi_3Mtw');
  });

  it('removes card numbers, grouped or not', () => {
    expect(redactProcessorError('card 4242 4242 4242 4242 declined')).toBe('card [redacted] declined');
    expect(redactProcessorError('card 4000000000000002 declined')).toBe('card [redacted] declined');
    expect(redactProcessorError('card 4000-0027-6000-3184')).toBe('card [redacted]');
  });

  it('cuts a very long message', () => {
    const cut = redactProcessorError('x'.repeat(2000));
    expect(cut).toHaveLength(500);
    expect(cut.endsWith('…')).toBe(true);
  });
});
