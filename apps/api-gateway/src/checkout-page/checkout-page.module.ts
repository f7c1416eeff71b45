import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MerchantEntity } from '../merchants/merchant.entity';
import { CheckoutPageController } from './checkout-page.controller';

@Module({ imports: [TypeOrmModule.forFeature([MerchantEntity])], controllers: [CheckoutPageController] })
export class CheckoutPageModule {}
