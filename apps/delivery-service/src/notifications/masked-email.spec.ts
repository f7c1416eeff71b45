import { maskEmail, maskEmailsIn } from './masked-email';

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('amelie@example.ca')).toBe('a***@example.ca');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('first.last+tag@mail.example.com')).toBe('f***@mail.example.com');
  });

  it('shows nothing of something that is not an address', () => {
    expect(maskEmail('no-at-sign')).toBe('***');
    expect(maskEmail('@example.com')).toBe('***');
  });
});

describe('maskEmailsIn', () => {
  it("masks every address a mail server's refusal quotes", () => {
    expect(maskEmailsIn("Can't send mail - all recipients were rejected: 550 5.1.1 <amelie@example.ca>: Recipient address rejected")).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <a***@example.ca>: Recipient address rejected",
    );
    expect(maskEmailsIn('from no-reply@sameday.test to bob@example.com')).toBe('from n***@sameday.test to b***@example.com');
  });

  it('leaves a refusal without addresses as it is, and cuts a very long one', () => {
    expect(maskEmailsIn('connect ECONNREFUSED 127.0.0.1:25')).toBe('connect ECONNREFUSED 127.0.0.1:25');
    expect(maskEmailsIn('x'.repeat(1000))).toHaveLength(500);
  });
});
