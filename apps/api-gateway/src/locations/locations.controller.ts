import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { firstValueFrom } from 'rxjs';
import { MerchantScope, Pattern, PickupLocation, PickupLocationList } from '@sdd/contracts';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Auth, AuthContext } from '../auth/auth-context';
import { CreateLocationDto } from './create-location.dto';

/** Pickup locations belong to delivery-service; the gateway validates and forwards. */
@Controller('v1/merchants/locations')
export class LocationsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @Post()
  @HttpCode(201)
  create(@Auth() auth: AuthContext, @Body() body: CreateLocationDto): Promise<PickupLocation> {
    const location = {
      name: body.name,
      address: { ...body.address, country: body.address.country ?? 'CA' },
      phone: body.phone,
      licensed_for: body.licensed_for ?? [],
      license_number: body.license_number ?? null,
    };
    return firstValueFrom(this.bus.send(Pattern.CreatePickupLocation, { scope: scopeOf(auth), location }));
  }

  @Get()
  list(@Auth() auth: AuthContext): Promise<PickupLocationList> {
    return firstValueFrom(this.bus.send(Pattern.ListPickupLocations, { scope: scopeOf(auth) }));
  }
}

/** The bus carries who is asking, never the key. */
function scopeOf(auth: AuthContext): MerchantScope {
  return { merchantId: auth.merchantId, mode: auth.mode };
}
