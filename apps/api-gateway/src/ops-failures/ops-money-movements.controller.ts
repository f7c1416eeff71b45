import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pattern } from '@sdd/contracts';
import { OpsMoneyMovementListResource, OpsMoneyMovementResource, presentOpsMoneyMovement, presentOpsMoneyMovementList } from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Public, RequestId } from '../auth/auth-context';
import { OpsCredentialGuard } from '../ops-sessions/ops-credential.guard';
import { ApiEmptyBody, ApiErrorResponse, ApiOpsController } from '../openapi/decorators';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { ListOpsMoneyMovementsQuery } from './list-ops-money-movements.query';

const DEFAULT_PAGE_SIZE = 20;

/** Operators see every merchant's transfers and refunds and put failed ones back; no merchant key opens these routes. */
@ApiTags('Operators')
@ApiOpsController()
@Public()
@UseGuards(OpsCredentialGuard)
@Controller('v1/ops/money_movements')
export class OpsMoneyMovementsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({
    summary: 'List money movements',
    description: "Every merchant's transfers and refunds in both modes, newest first; `status=failed` for those the processor refused.",
  })
  @ApiOkResponse({ description: 'A page of money movements.', type: OpsMoneyMovementListResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `status` not one of the statuses, `limit` outside 1–100, a cursor we did not issue, or an unknown parameter.')
  @Get()
  async list(@Query() query: ListOpsMoneyMovementsQuery, @RequestId() requestId: string): Promise<OpsMoneyMovementListResource> {
    const page = await this.bus.request(
      Pattern.ListOpsMoneyMovements,
      { status: query.status, limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor ?? query.starting_after },
      { requestId },
    );
    return presentOpsMoneyMovementList(page);
  }

  @ApiOperation({
    summary: 'Retry a failed money movement',
    description:
      'It goes back to `pending` and is tried at the next pass, as a new request to the processor. Sent again while it is still pending, it changes nothing and answers it as it is.',
  })
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'The money movement.', type: OpsMoneyMovementResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such money movement.')
  @ApiErrorResponse(409, '`invalid_request_error` / `money_movement_not_failed`: it never failed, or it was made since.')
  @Post(':movementId/retry')
  @HttpCode(200)
  async retry(@Param('movementId') movementId: string, @Body(EmptyBodyPipe) _body: unknown, @RequestId() requestId: string): Promise<OpsMoneyMovementResource> {
    return presentOpsMoneyMovement(await this.bus.request(Pattern.RetryMoneyMovement, { movementId }, { requestId }));
  }
}
