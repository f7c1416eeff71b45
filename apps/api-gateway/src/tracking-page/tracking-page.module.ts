import { Module } from '@nestjs/common';
import { TrackingPageController } from './tracking-page.controller';

@Module({ controllers: [TrackingPageController] })
export class TrackingPageModule {}
