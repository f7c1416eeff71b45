import { DynamicModule, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { BusClient } from './bus.client';
import { BusClientOptions } from './bus.options';

export const BUS_CLIENT = Symbol('BUS_CLIENT');

/** Injects the process's one `BusClient`; closes it when the app shuts down. */
@Module({})
export class BusClientModule implements OnApplicationShutdown {
  constructor(@Inject(BUS_CLIENT) private readonly client: BusClient) {}

  static forRootAsync(options: {
    imports?: DynamicModule['imports'];
    inject?: Array<string | symbol | (abstract new (...args: never[]) => unknown)>;
    useFactory: (...deps: never[]) => BusClientOptions;
  }): DynamicModule {
    return {
      module: BusClientModule,
      global: true,
      imports: options.imports ?? [],
      providers: [
        {
          provide: BUS_CLIENT,
          inject: options.inject ?? [],
          useFactory: (...deps: never[]) => new BusClient(options.useFactory(...deps)),
        },
      ],
      exports: [BUS_CLIENT],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
