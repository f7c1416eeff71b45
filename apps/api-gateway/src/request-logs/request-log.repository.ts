import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { MerchantScope } from '@sdd/contracts';
import type { ListPosition } from '@sdd/common';
import { RequestLogEntity } from './request-log.entity';
import type { StatusRange } from './status-filter';

export interface RequestLogFilter {
  requestId?: string;
  status?: StatusRange;
  /** The keyset position the page starts after. */
  after?: ListPosition;
}

/** The request log as read, always within one merchant and mode. */
@Injectable()
export class RequestLogRepository {
  constructor(@InjectRepository(RequestLogEntity) private readonly logs: Repository<RequestLogEntity>) {}

  /** Newest first, up to `take` entries (request_logs_page_idx). */
  page(scope: MerchantScope, filter: RequestLogFilter, take: number): Promise<RequestLogEntity[]> {
    const query = this.logs.createQueryBuilder('entry').where('entry.merchant_id = :merchantId AND entry.mode = :mode', { merchantId: scope.merchantId, mode: scope.mode });
    if (filter.requestId !== undefined) query.andWhere('entry.request_id = :requestId', { requestId: filter.requestId });
    if (filter.status) query.andWhere('entry.status BETWEEN :min AND :max', filter.status);
    if (filter.after) query.andWhere('(entry.created_at, entry.id) < (:afterCreatedAt, :afterId)', { afterCreatedAt: filter.after.createdAt, afterId: filter.after.id });
    return query.orderBy('entry.created_at', 'DESC').addOrderBy('entry.id', 'DESC').take(take).getMany();
  }

  find(scope: MerchantScope, id: string): Promise<RequestLogEntity | null> {
    return this.logs.findOneBy({ id, merchantId: scope.merchantId, mode: scope.mode });
  }
}
