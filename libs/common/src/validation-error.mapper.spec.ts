import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import { IsDefined, IsEmail, IsOptional, IsString, ValidateNested, validateSync } from 'class-validator';
import { validationErrorToAppError } from './validation-error.mapper';

class Inner {
  @IsString()
  postal_code!: string;
}

class Outer {
  @IsEmail()
  email!: string;

  @IsOptional()
  @IsString()
  nickname?: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => Inner)
  address!: Inner;
}

function errorFor(body: object) {
  const errors = validateSync(plainToInstance(Outer, body), { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  return validationErrorToAppError(errors).toPayload();
}

describe('validationErrorToAppError', () => {
  const valid = { email: 'a@b.co', address: { postal_code: 'M5V 1A1' } };

  it('names a nested field as a dotted path', () => {
    expect(errorFor({ ...valid, address: { postal_code: 12 } })).toMatchObject({
      status: 400,
      code: 'parameter_invalid',
      param: 'address.postal_code',
    });
  });

  it('says missing for an absent required field', () => {
    expect(errorFor({ address: valid.address })).toMatchObject({ code: 'parameter_missing', param: 'email' });
    expect(errorFor({ email: valid.email })).toMatchObject({ code: 'parameter_missing', param: 'address' });
    expect(errorFor({ ...valid, address: {} })).toMatchObject({ code: 'parameter_missing', param: 'address.postal_code' });
  });

  it('says unknown for a field the DTO does not have, nested too', () => {
    expect(errorFor({ ...valid, admin: true })).toMatchObject({ code: 'parameter_unknown', param: 'admin' });
    expect(errorFor({ ...valid, address: { ...valid.address, floor: 3 } })).toMatchObject({
      code: 'parameter_unknown',
      param: 'address.floor',
    });
  });

  it('says invalid for a present optional field of the wrong type', () => {
    expect(errorFor({ ...valid, nickname: 5 })).toMatchObject({ code: 'parameter_invalid', param: 'nickname' });
  });
});
