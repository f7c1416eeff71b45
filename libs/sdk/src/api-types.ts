import type { components, paths } from './schema';

/**
 * Request and response shapes, derived from the schema generated from the API's OpenAPI
 * document (schema.d.ts): nothing here is written by hand, so a change of the API changes them.
 */
export type Schemas = components['schemas'];

type Method = 'get' | 'post' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON body of `M P`. */
export type RequestBody<P extends keyof paths, M extends Method> = Operation<P, M> extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

/** The query parameters of `M P`. */
export type QueryParams<P extends keyof paths, M extends Method> = Operation<P, M> extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

/** The JSON body of `M P`'s success answer (200 or 201). */
export type ResponseBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer Responses }
    ? { [Status in keyof Responses & (200 | 201)]: Responses[Status] extends { content: { 'application/json': infer Body } } ? Body : never }[keyof Responses & (200 | 201)]
    : never;

export type Quote = Schemas['Quote'];
export type Delivery = Schemas['Delivery'];
export type CreatedDelivery = Schemas['CreatedDelivery'];
export type DeliveryListItem = Schemas['DeliveryListItem'];
export type Checkout = Schemas['Checkout'];
export type Webhook = Schemas['Webhook'];
export type EventEnvelope = Schemas['EventEnvelope'];
