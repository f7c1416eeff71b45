import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pattern } from '@sdd/contracts';
import { presentQuote, QuoteResource } from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Auth, AuthContext } from '../auth/auth-context';
import { ApiEmptyBody, ApiErrorResponse, ApiJsonBodyErrorResponses, ApiKeyedController } from '../openapi/decorators';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { CreateQuoteDto } from './create-quote.dto';

/** Quotes belong to quote-service; the gateway validates and forwards. */
@ApiTags('Quotes')
@ApiKeyedController()
@Controller()
export class QuotesController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({
    summary: 'Price a route',
    description: 'Geocodes both addresses, measures the distance and prices the delivery. The quote is valid for 15 minutes.',
  })
  @ApiOkResponse({ description: 'The quote.', type: QuoteResource })
  @ApiErrorResponse(
    400,
    '`invalid_request_error`: a field is invalid (`param` names it), `address_not_found`, or `restricted_route` (`dropoff_address`: cannabis across a provincial border).',
  )
  @ApiJsonBodyErrorResponses()
  @Post('v1/quotes')
  @HttpCode(200)
  async create(@Auth() auth: AuthContext, @Body() body: CreateQuoteDto): Promise<QuoteResource> {
    const quote = await this.bus.requestFor(auth, Pattern.CreateQuote, {
      pickupAddress: body.pickup_address,
      dropoffAddress: body.dropoff_address,
      packageSize: body.package_size ?? 'small',
      vehicle: body.vehicle,
      scheduledAt: body.scheduled_at,
      category: body.category ?? 'standard',
    });
    return presentQuote(quote);
  }

  @ApiOperation({ summary: 'Retrieve a quote' })
  @ApiOkResponse({ description: 'The quote.', type: QuoteResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such quote for this key.')
  @ApiErrorResponse(410, '`invalid_request_error` / `quote_expired`: the quote is older than 15 minutes.')
  @Get('v1/quotes/:quoteId')
  async get(@Auth() auth: AuthContext, @Param('quoteId') quoteId: string): Promise<QuoteResource> {
    return presentQuote(await this.bus.requestFor(auth, Pattern.GetQuote, { quoteId }));
  }

  @ApiOperation({
    summary: 'Test helper: expire a quote now',
    description: 'Test keys only (404 for live keys): lets an integration try expiry and re-pricing without waiting 15 minutes.',
  })
  @ApiOkResponse({ description: 'The quote, now expired.', type: QuoteResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such test quote for this key.')
  @ApiEmptyBody()
  @Post('v1/test_helpers/quotes/:quoteId/expire')
  @HttpCode(200)
  async expire(@Auth() auth: AuthContext, @Param('quoteId') quoteId: string, @Body(EmptyBodyPipe) _body: unknown): Promise<QuoteResource> {
    return presentQuote(await this.bus.requestFor(auth, Pattern.ExpireQuote, { quoteId }));
  }
}
