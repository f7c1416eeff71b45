import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** What every cursor-paginated list accepts (decisions.md: `cursor` and its alias `starting_after`). */
export abstract class PageQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number from 1 to 100' })
  @Min(1, { message: 'must be a whole number from 1 to 100' })
  @Max(100, { message: 'must be a whole number from 1 to 100' })
  limit?: number;

  @ApiPropertyOptional({ description: 'The next_cursor of the previous page.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @ApiPropertyOptional({ description: 'Alias of cursor.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  starting_after?: string;
}
