import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RequestLogEntity } from './request-log.entity';
import { RequestLogRepository } from './request-log.repository';
import { RequestLogWriter } from './request-log.writer';
import { RequestLogsController } from './request-logs.controller';

@Module({
  imports: [TypeOrmModule.forFeature([RequestLogEntity])],
  controllers: [RequestLogsController],
  providers: [RequestLogRepository, RequestLogWriter],
  exports: [RequestLogWriter],
})
export class RequestLogsModule {}
