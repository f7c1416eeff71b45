import { validate } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { IsEmailAddress } from './email';

class WithEmail {
  @IsEmailAddress()
  email!: string;
}

const problems = async (email: string) => (await validate(plainToInstance(WithEmail, { email }), { stopAtFirstError: true })).map((error) => error.constraints);

describe('IsEmailAddress', () => {
  it.each(['\u0000', '\t', '\r', '\n', '\u001f', '\u007f', '\u0085', '\u009f'])('refuses the control character %j, even in a quoted local part', async (control) => {
    expect(await problems(`"a${control}b"@example.ca`)).toEqual([{ matches: 'must not contain control characters' }]);
    expect(await problems(`a${control}b@example.ca`)).toHaveLength(1);
  });

  it('refuses CR/LF in a quoted local part, which IsEmail alone accepts', async () => {
    expect(await problems('"a\r\nBcc: x@evil.example"@example.ca')).toEqual([{ matches: 'must not contain control characters' }]);
  });

  it('still refuses what is not an email address, and accepts ordinary and non-ASCII ones', async () => {
    expect(await problems('not-an-email')).toEqual([{ isEmail: 'must be an email address' }]);
    expect(await problems('owner@maple.ca')).toEqual([]);
    expect(await problems('"quoted local"@example.ca')).toEqual([]);
  });
});
