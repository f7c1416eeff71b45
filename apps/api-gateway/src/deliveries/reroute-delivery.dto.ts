import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_ADDRESS_LENGTH } from '@sdd/contracts';

@ApiSchema({ name: 'RerouteDeliveryRequest' })
export class RerouteDeliveryDto {
  @ApiProperty({ maxLength: MAX_ADDRESS_LENGTH, example: '100 King St W, Toronto, ON M5X 1A9' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_ADDRESS_LENGTH)
  dropoff_address!: string;

  @ApiPropertyOptional({
    description: 'true: price the reroute and answer a ReroutePreview, refused as the reroute would be, without recording anything. Default false.',
  })
  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  dry_run?: boolean;
}
