import { Module } from '@nestjs/common';
import { OpsConsoleController } from './ops-console.controller';

@Module({ controllers: [OpsConsoleController] })
export class OpsConsoleModule {}
