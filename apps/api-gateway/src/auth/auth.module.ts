import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ListenerGuard } from '../http/listener.guard';
import { ApiKeyEntity } from '../merchants/api-key.entity';
import { ApiKeyAuthenticator } from './api-key.authenticator';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeyInvalidations } from './api-key-invalidations';

/** Guards run in this order: the listener check (404 for the wrong port) comes before the key check (401). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ApiKeyEntity])],
  providers: [
    ApiKeyAuthenticator,
    ApiKeyInvalidations,
    { provide: APP_GUARD, useClass: ListenerGuard },
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
  exports: [ApiKeyAuthenticator, ApiKeyInvalidations],
})
export class AuthModule {}
