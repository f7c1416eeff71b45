import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MerchantEntity } from '../merchants/merchant.entity';
import { MerchantEmailReader } from './merchant-email.reader';
import { WebhooksController } from './webhooks.controller';

@Module({ imports: [TypeOrmModule.forFeature([MerchantEntity])], controllers: [WebhooksController], providers: [MerchantEmailReader] })
export class WebhooksModule {}
