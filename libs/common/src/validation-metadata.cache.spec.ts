import 'reflect-metadata';
import { getMetadataStorage, IsInt, IsString, Min, ValidateNested, validate } from 'class-validator';
import { plainToInstance, Type } from 'class-transformer';
import { cacheValidationMetadata } from './validation-metadata.cache';

class Parcel {
  @IsInt()
  @Min(1)
  grams!: number;
}

class Shipment {
  @IsString()
  reference!: string;

  @ValidateNested()
  @Type(() => Parcel)
  parcel!: Parcel;
}

const errorsOf = async (cls: new () => object, plain: object) =>
  (await validate(plainToInstance(cls, plain), { whitelist: true, forbidNonWhitelisted: true })).map((error) => [
    error.property,
    Object.keys(error.constraints ?? {}),
    error.children?.length ?? 0,
  ]);

describe('cacheValidationMetadata', () => {
  beforeAll(() => cacheValidationMetadata());

  it('validates as class-validator does, again and again', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await errorsOf(Shipment, { reference: 'r-1', parcel: { grams: 5 } })).toEqual([]);
      expect(await errorsOf(Shipment, { reference: 7, parcel: { grams: 0 }, extra: true })).toEqual([
        ['extra', ['whitelistValidation'], 0],
        ['reference', ['isString'], 0],
        ['parcel', [], 1],
      ]);
    }
  });

  it('sees a rule registered after the class was looked up', async () => {
    class Label {
      @IsString()
      text!: string;
    }
    expect(await errorsOf(Label, { text: 'fragile' })).toEqual([]);
    IsInt()(Label.prototype, 'copies');
    expect(await errorsOf(Label, { text: 'fragile' })).toEqual([['copies', ['isInt'], 0]]);
    expect(await errorsOf(Label, { text: 'fragile', copies: 2 })).toEqual([]);
  });

  it('looks a class up once, however often it is validated', async () => {
    const storage = getMetadataStorage();
    await errorsOf(Shipment, { reference: 'r-4', parcel: { grams: 1 } });
    expect(storage.getTargetValidationMetadatas(Shipment, '', false, false)).toBe(storage.getTargetValidationMetadatas(Shipment, '', false, false));
  });
});
