import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateBy, ValidateNested, ValidationOptions } from 'class-validator';
import { IsEmailAddress } from '../validation/email';
import { Category, CATEGORIES, TEST_SCENARIOS, TestScenario, UNDELIVERABLE_ACTIONS, UndeliverableAction } from '@sdd/contracts';

const MAX_METADATA_PROPERTIES = 20;

/** metadata: at most 20 properties, string keys (≤ 40 chars) to string values (≤ 500 chars). */
function IsMetadata(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isMetadata',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.keys(value).length <= MAX_METADATA_PROPERTIES &&
          Object.entries(value).every(([key, v]) => key.length >= 1 && key.length <= 40 && typeof v === 'string' && v.length <= 500),
        defaultMessage: () => `must be an object of at most ${MAX_METADATA_PROPERTIES} string properties (keys up to 40, values up to 500 characters)`,
      },
    },
    options,
  );
}

@ApiSchema({ name: 'DeliveryCustomer' })
export class CustomerDto {
  @ApiProperty({ maxLength: 200, example: 'Amélie Tremblay' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @ApiProperty({ description: 'Stored as E.164; Canadian numbers may omit +1.', example: '+1 514 555 0142' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(30)
  phone!: string;

  @ApiPropertyOptional({ format: 'email' })
  @IsOptional()
  @IsString()
  @IsEmailAddress()
  email?: string;
}

/** Both descriptions' fields, which may be mixed (decisions.md, Two descriptions). */
@ApiSchema({ name: 'CreateDeliveryRequest' })
export class CreateDeliveryDto {
  @ApiProperty({ example: 'qt_9fK2mLq8XwP4sT7vB1nC5mZr' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  quote_id!: string;

  @ApiPropertyOptional({ description: 'Required in live mode: a paid checkout for the same quote.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  checkout_id?: string;

  @ApiPropertyOptional({ type: CustomerDto, description: 'The recipient (reference form).' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CustomerDto)
  customer?: CustomerDto;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  dropoff_notes?: string;

  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  external_reference?: string;

  @ApiPropertyOptional({ enum: CATEGORIES, description: 'Inherited from the quote; a different value is refused.' })
  @IsOptional()
  @IsIn(CATEGORIES, { message: `must be one of: ${CATEGORIES.join(', ')}` })
  category?: Category;

  @ApiPropertyOptional({
    enum: TEST_SCENARIOS,
    description: 'Test keys only: plays a failure path with the events live mode would emit.',
  })
  @IsOptional()
  @IsIn(TEST_SCENARIOS, { message: `must be one of: ${TEST_SCENARIOS.join(', ')}` })
  test_scenario?: TestScenario;

  @ApiPropertyOptional({
    enum: UNDELIVERABLE_ACTIONS,
    default: 'fail',
    description: 'What the driver does when nobody can take the package: fail it, or bring it back to the pickup (delivery.returned).',
  })
  @IsOptional()
  @IsIn(UNDELIVERABLE_ACTIONS, { message: `must be one of: ${UNDELIVERABLE_ACTIONS.join(', ')}` })
  undeliverable_action?: UndeliverableAction;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  pickup_name?: string;

  @ApiPropertyOptional({ maxLength: 30 })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  pickup_phone?: string;

  @ApiPropertyOptional({ maxLength: 200, description: 'The recipient (machine-readable form).' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  dropoff_name?: string;

  @ApiPropertyOptional({ maxLength: 30 })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  dropoff_phone?: string;

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  description?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, maxProperties: MAX_METADATA_PROPERTIES })
  @IsOptional()
  @IsMetadata()
  metadata?: Record<string, string>;
}
