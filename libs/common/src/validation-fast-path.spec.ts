import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import {
  Allow,
  IsArray,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  Validate,
  ValidateIf,
  ValidateNested,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
  ValidatorOptions,
  validate,
} from 'class-validator';
import { passesValidation } from './validation-fast-path';

class Scope {
  @IsString()
  merchantId!: string;

  @IsIn(['test', 'live'])
  mode!: string;
}

class Item {
  @IsString()
  @MaxLength(5)
  name!: string;
}

/** Reads another field through its arguments, as cross-field rules do. */
@ValidatorConstraint({ name: 'sameAsName' })
class SameAsName implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return value === (args.object as { name?: unknown }).name;
  }
}

@ValidatorConstraint({ name: 'later', async: true })
class AnsweredLater implements ValidatorConstraintInterface {
  validate(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

class Sample {
  @IsString()
  @IsNotEmpty()
  @MaxLength(10)
  name!: string;

  @IsOptional()
  @IsIn(['a', 'b'])
  kind?: string;

  @ValidateIf((o: Sample) => o.kind === 'b')
  @IsDefined()
  @IsString()
  extra?: string;

  @ValidateNested()
  @Type(() => Scope)
  scope!: Scope;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Item)
  items?: Item[];

  @IsOptional()
  @IsString({ each: true })
  tags?: string[];

  @Allow()
  free?: unknown;

  @IsOptional()
  @Validate(SameAsName)
  echo?: string;
}

class WithAsyncRule {
  @Validate(AnsweredLater)
  value!: string;
}

class WithoutRules {}

const GATEWAY: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  stopAtFirstError: true,
  validationError: { target: false, value: true },
};
const BUS: ValidatorOptions = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: false, validationError: { target: false } };
const OPTION_SETS: Record<string, ValidatorOptions> = {
  gateway: GATEWAY,
  bus: BUS,
  defaults: {},
  stripping: { whitelist: true },
  skipMissing: { skipMissingProperties: true },
};

const VALID: Array<Record<string, unknown>> = [
  { name: 'Sam', scope: { merchantId: 'm_1', mode: 'test' } },
  { name: 'Sam', kind: 'a', scope: { merchantId: 'm_1', mode: 'live' }, items: [{ name: 'box' }], tags: ['x', 'y'], free: { any: 1 }, echo: 'Sam' },
  { name: 'Sam', kind: 'b', extra: 'e', scope: { merchantId: 'm_1', mode: 'test' }, items: [], tags: [] },
];

const ODD_VALUES: unknown[] = [undefined, null, 0, 12, '', 'x'.repeat(11), true, {}, [], ['x'], [1], [null], [{ name: 'toolong' }], [{}], new Set(['x'])];

/** Each valid sample, then every way of breaking one field or adding one it does not know. */
function variants(): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [...VALID];
  for (const base of VALID) {
    for (const key of [...Object.keys(new Sample()), ...Object.keys(base), 'unknown']) {
      for (const odd of ODD_VALUES) out.push({ ...base, [key]: odd });
      const without = { ...base };
      delete without[key];
      out.push(without);
    }
    for (const odd of ODD_VALUES) {
      out.push({ ...base, scope: { merchantId: odd, mode: 'test' } });
      out.push({ ...base, scope: { merchantId: 'm_1', mode: 'test', stray: odd } });
      out.push({ ...base, items: [{ name: 'box' }, { name: odd }] });
    }
  }
  return out;
}

/** A fresh instance per validation: class-validator's whitelist deletes fields of the one it is given. */
const instance = (plain: Record<string, unknown>) => plainToInstance(Sample, structuredClone(plain));

describe('passesValidation', () => {
  it.each(Object.keys(OPTION_SETS))('never passes what class-validator refuses (%s options)', async (name) => {
    const options = OPTION_SETS[name];
    let fastPasses = 0;
    for (const plain of variants()) {
      if (!passesValidation(instance(plain), options)) continue;
      fastPasses += 1;
      const errors = await validate(instance(plain), options);
      if (errors.length > 0) throw new Error(`passed ${JSON.stringify(plain)} which class-validator refuses: ${JSON.stringify(errors)}`);
    }
    // The check must also say yes, or it saves nothing: at least every valid sample.
    expect(fastPasses).toBeGreaterThanOrEqual(VALID.length);
  });

  it.each(Object.keys(OPTION_SETS))('passes every valid sample (%s options)', async (name) => {
    for (const plain of VALID) {
      expect(await validate(instance(plain), OPTION_SETS[name])).toEqual([]);
      expect(passesValidation(instance(plain), OPTION_SETS[name])).toBe(true);
    }
  });

  it('reads other fields through the rule arguments, as class-validator does', () => {
    expect(passesValidation(instance({ ...VALID[0], echo: 'Sam' }), GATEWAY)).toBe(true);
    expect(passesValidation(instance({ ...VALID[0], echo: 'Kim' }), GATEWAY)).toBe(false);
  });

  it('leaves an asynchronous rule to class-validator', async () => {
    const message = plainToInstance(WithAsyncRule, { value: 'v' });
    expect(await validate(message, GATEWAY)).toEqual([]);
    expect(passesValidation(message, GATEWAY)).toBe(false);
  });

  it('treats a class without rules as class-validator does: unknown unless allowed, and no fields under the whitelist', async () => {
    expect(passesValidation(new WithoutRules(), GATEWAY)).toBe(false);
    expect(passesValidation(new WithoutRules(), BUS)).toBe(true);
    const withField = plainToInstance(WithoutRules, { stray: 1 });
    expect(await validate(withField, BUS)).not.toEqual([]);
    expect(passesValidation(withField, BUS)).toBe(false);
  });

  it('leaves fields the whitelist would strip to class-validator', () => {
    expect(passesValidation(instance({ ...VALID[0], unknown: 1 }), { whitelist: true })).toBe(false);
    expect(passesValidation(instance({ ...VALID[0], unknown: 1 }), {})).toBe(true);
  });
});
