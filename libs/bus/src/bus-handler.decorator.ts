import { MessagePattern } from '@nestjs/microservices';
import { Pattern, PatternReply, PatternRequest } from '@sdd/contracts';

/** What a handler of the pattern may be: it takes the pattern's request and answers its reply. */
export type BusHandlerMethod<P extends Pattern> = (request: PatternRequest<P>) => Promise<PatternReply<P>> | PatternReply<P>;

/**
 * `@MessagePattern` checked against the bus contract: a handler whose reply is
 * not the pattern's reply type, or whose payload is unrelated to its request
 * type, does not compile.
 */
export function BusHandler<P extends Pattern>(pattern: P) {
  return <M extends BusHandlerMethod<P>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    MessagePattern(pattern)(target, key, descriptor);
  };
}
