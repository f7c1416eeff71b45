import { BaseRpcContext } from '@nestjs/microservices';
import type { Job } from 'bullmq';
import type { BusMeta } from './bus-wire-format';

/** What a `@Ctx()` parameter of a bus handler receives. */
export class BusContext extends BaseRpcContext<[Job, BusMeta]> {
  getJob(): Job {
    return this.args[0];
  }

  getMeta(): BusMeta {
    return this.args[1];
  }
}
