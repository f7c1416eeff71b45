import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsEmailAddress } from '../validation/email';
import { IsHttpUrl } from '../validation/http-url';
import { PHONE_PATTERN } from '../validation/phone';

/** Ten million dollars: far above any same-day order, far below where cents stop being exact. */
const MAX_ITEMS_SUBTOTAL = 1_000_000_000;

@ApiSchema({ name: 'CheckoutCustomer', description: 'For the receipt; a processor customer with this email is reused.' })
export class CheckoutCustomerDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ format: 'email' })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  @IsEmailAddress()
  email?: string;

  @ApiPropertyOptional({ example: '+1 514 555 0142' })
  @IsOptional()
  @IsString()
  @Matches(PHONE_PATTERN, { message: 'must be a phone number' })
  phone?: string;
}

@ApiSchema({ name: 'CreateCheckoutRequest' })
export class CreateCheckoutDto {
  @ApiProperty({ description: 'A valid, unused quote of this key: it supplies the delivery fee and the currency.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  quote_id!: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0, description: 'Cents; the merchant net is this minus the service fee.' })
  @IsOptional()
  @IsInt({ message: 'must be a whole number of cents' })
  @Min(0, { message: 'must be 0 or more' })
  @Max(MAX_ITEMS_SUBTOTAL, { message: `must be at most ${MAX_ITEMS_SUBTOTAL}` })
  items_subtotal?: number;

  @ApiPropertyOptional({ format: 'uri', description: 'Where the hosted page sends the customer after paying.' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsHttpUrl()
  success_url?: string;

  @ApiPropertyOptional({ format: 'uri', description: 'Where the hosted page sends the customer who cancels.' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsHttpUrl()
  cancel_url?: string;

  @ApiPropertyOptional({ type: CheckoutCustomerDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CheckoutCustomerDto)
  customer?: CheckoutCustomerDto;

  @ApiPropertyOptional({ example: '2024-06-20', description: 'The payment SDK api version: when sent, ephemeral_key is returned.' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/, { message: 'must be a Stripe API version such as 2024-06-20' })
  stripe_version?: string;
}

@ApiSchema({ name: 'PayTestCheckoutRequest' })
export class PayTestCheckoutDto {
  @ApiProperty({ example: '4242 4242 4242 4242', description: '4242… pays; 4000 0000 0000 0002 is declined; 4000 0027 6000 3184 needs 3-D Secure (hosted page).' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(30)
  card!: string;
}
