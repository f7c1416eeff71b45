import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pattern } from '@sdd/contracts';
import { OpsNotificationListResource, OpsNotificationResource, presentOpsNotification, presentOpsNotificationList } from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Public, RequestId } from '../auth/auth-context';
import { OpsCredentialGuard } from '../ops-sessions/ops-credential.guard';
import { ApiEmptyBody, ApiErrorResponse, ApiOpsController } from '../openapi/decorators';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { ListOpsNotificationsQuery } from './list-ops-notifications.query';

const DEFAULT_PAGE_SIZE = 20;

/** Operators see every merchant's recipient emails and put failed ones back; no merchant key opens these routes. */
@ApiTags('Operators')
@ApiOpsController()
@Public()
@UseGuards(OpsCredentialGuard)
@Controller('v1/ops/notifications')
export class OpsNotificationsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({
    summary: 'List recipient notifications',
    description: "Every merchant's emails to recipients (live deliveries), newest first; `status=failed` for those given up after 8 attempts. Addresses are masked.",
  })
  @ApiOkResponse({ description: 'A page of notifications.', type: OpsNotificationListResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `status` not one of the statuses, `limit` outside 1–100, a cursor we did not issue, or an unknown parameter.')
  @Get()
  async list(@Query() query: ListOpsNotificationsQuery, @RequestId() requestId: string): Promise<OpsNotificationListResource> {
    const page = await this.bus.request(
      Pattern.ListOpsNotifications,
      { status: query.status, limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor ?? query.starting_after },
      { requestId },
    );
    return presentOpsNotificationList(page);
  }

  @ApiOperation({
    summary: 'Retry a failed recipient notification',
    description:
      'It goes back to `pending` and is sent at the next pass: one more attempt, after which a failure is final again. Sent again while it is still pending, it changes nothing and answers it as it is.',
  })
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'The notification.', type: OpsNotificationResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such notification.')
  @ApiErrorResponse(409, '`invalid_request_error` / `notification_not_failed`: it never failed, or it was sent since.')
  @Post(':notificationId/retry')
  @HttpCode(200)
  async retry(@Param('notificationId') notificationId: string, @Body(EmptyBodyPipe) _body: unknown, @RequestId() requestId: string): Promise<OpsNotificationResource> {
    return presentOpsNotification(await this.bus.request(Pattern.RetryNotification, { notificationId }, { requestId }));
  }
}
