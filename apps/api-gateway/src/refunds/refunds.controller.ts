import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pattern } from '@sdd/contracts';
import { presentRefundList, RefundListResource } from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Auth, AuthContext } from '../auth/auth-context';
import { ApiErrorResponse, ApiKeyedController } from '../openapi/decorators';
import { ListRefundsQuery } from './list-refunds.query';

const DEFAULT_PAGE_SIZE = 20;

@ApiTags('Refunds')
@ApiKeyedController()
@Controller('v1')
export class RefundsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({
    summary: 'List refunds',
    description:
      'Money returned to customers, newest first: of cancelled (all of it), failed or returned (the items subtotal) deliveries, and of checkouts no delivery used ' +
      '(cancelled after payment, expired after payment, or paid after they expired or were cancelled).',
  })
  @ApiOkResponse({ description: 'A page of refunds.', type: RefundListResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `limit` outside 1–100, or a cursor we did not issue.')
  @Get('refunds')
  async list(@Auth() auth: AuthContext, @Query() query: ListRefundsQuery): Promise<RefundListResource> {
    const page = await this.bus.requestFor(auth, Pattern.ListRefunds, { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor ?? query.starting_after });
    return presentRefundList(page);
  }
}
