import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pattern } from '@sdd/contracts';
import { PayoutListResource, presentPayoutList } from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Auth, AuthContext } from '../auth/auth-context';
import { ApiErrorResponse, ApiKeyedController } from '../openapi/decorators';
import { ListPayoutsQuery } from './list-payouts.query';

const DEFAULT_PAGE_SIZE = 20;

@ApiTags('Payouts')
@ApiKeyedController()
@Controller('v1')
export class PayoutsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({ summary: 'List payouts', description: "Transfers of each delivered delivery's developer_net to the connected account, newest first." })
  @ApiOkResponse({ description: 'A page of payouts.', type: PayoutListResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `limit` outside 1–100, or a cursor we did not issue.')
  @Get('payouts')
  async list(@Auth() auth: AuthContext, @Query() query: ListPayoutsQuery): Promise<PayoutListResource> {
    const page = await this.bus.requestFor(auth, Pattern.ListPayouts, { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor ?? query.starting_after });
    return presentPayoutList(page);
  }
}
