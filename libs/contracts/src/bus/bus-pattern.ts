import type { ServiceName } from '../services';

/** What a bus message class is: the bus server builds one from the plain payload and validates it. */
export type BusMessageClass<T extends object = object> = new () => T;

declare const REPLY: unique symbol;

/** A pattern's reply type. It exists for the compiler only: replies are not checked at run time. */
export interface Reply<T> {
  readonly [REPLY]?: T;
}

/** The reply type of a declaration: `reply: replyOf<QuoteRecord>()`. */
export function replyOf<T>(): Reply<T> {
  return {};
}

/**
 * Everything the bus knows of one request/reply pattern, declared once in its
 * domain's `<domain>.bus.ts`. The message class is the request type: its
 * class-validator rules are what the answering service checks before its
 * handler runs, and its fields are what the sender's payload must have.
 */
export interface BusPatternDeclaration<TName extends string = string, TOwner extends ServiceName = ServiceName, TRequest extends object = object, TReply = unknown> {
  /** The name on the wire (a job's name, a handler's key): never renamed once live. */
  readonly name: TName;
  /** The service that answers it: the bus client sends the request to that service's queue. */
  readonly owner: TOwner;
  readonly message: BusMessageClass<TRequest>;
  readonly reply: Reply<TReply>;
  /** Only for a handler that legitimately takes longer than the bus's default wait. */
  readonly timeoutMs?: number;
}

/** A declaration as written, its types kept literal for the derived tables. */
export function busPattern<const TName extends string, TOwner extends ServiceName, TRequest extends object, TReply>(
  declaration: BusPatternDeclaration<TName, TOwner, TRequest, TReply>,
): BusPatternDeclaration<TName, TOwner, TRequest, TReply> {
  return declaration;
}
