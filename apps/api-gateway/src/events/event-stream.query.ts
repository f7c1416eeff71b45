import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';

export const EVENT_ID_PATTERN = /^evt_[0-9A-Za-z_]{1,100}$/;

@ApiSchema({ name: 'EventStreamQuery' })
export class EventStreamQuery {
  @ApiPropertyOptional({
    description: 'Resume after this event (as the `Last-Event-ID` header does; the header wins). Without either, the stream starts now.',
    example: 'evt_4fJ0aQ9xWm2Lk8Pq3Rt7Vz1B',
  })
  @IsOptional()
  @IsString()
  @Matches(EVENT_ID_PATTERN, { message: 'must be an event id (evt_…)' })
  after?: string;
}
