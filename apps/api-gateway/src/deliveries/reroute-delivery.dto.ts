import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MAX_ADDRESS_LENGTH } from '@sdd/contracts';

@ApiSchema({ name: 'RerouteDeliveryRequest' })
export class RerouteDeliveryDto {
  @ApiProperty({ maxLength: MAX_ADDRESS_LENGTH, example: '100 King St W, Toronto, ON M5X 1A9' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_ADDRESS_LENGTH)
  dropoff_address!: string;
}
