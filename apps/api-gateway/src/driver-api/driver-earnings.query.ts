import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOptional, IsTimeZone, Matches } from 'class-validator';
import { EARNINGS_MAX_DAYS } from '@sdd/contracts';
import { PageQuery } from '../http/page.query';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

@ApiSchema({ name: 'DriverEarningsQuery' })
export class DriverEarningsQuery extends PageQuery {
  @ApiPropertyOptional({ example: 'America/Toronto', default: 'UTC', description: "An IANA time zone: the driver's days run from one of its midnights to the next." })
  @IsOptional()
  @IsTimeZone({ message: 'must be an IANA time zone, such as America/Toronto or UTC' })
  tz?: string;

  @ApiPropertyOptional({
    format: 'date',
    description: `The first day (YYYY-MM-DD, counted); default: six days before \`to\`. At most ${EARNINGS_MAX_DAYS} days from \`from\` to \`to\`.`,
  })
  @IsOptional()
  @Matches(DATE, { message: 'must be a date (YYYY-MM-DD)' })
  from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'The last day (YYYY-MM-DD, counted); default: today in `tz`.' })
  @IsOptional()
  @Matches(DATE, { message: 'must be a date (YYYY-MM-DD)' })
  to?: string;
}
