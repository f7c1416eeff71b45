import { Module } from '@nestjs/common';
import { TrackingAssetsController } from './tracking-assets.controller';
import { TrackingPageContent } from './tracking-page.content';
import { TrackingPageController } from './tracking-page.controller';

@Module({ controllers: [TrackingAssetsController, TrackingPageController], providers: [TrackingPageContent] })
export class TrackingPageModule {}
