import { api, type Schemas } from '../../api/client';
import { unwrap } from '@sdd/web';

export type Offer = Schemas['Offer'];

/** The open offer, if any (the API offers at most one at a time). */
export async function openOffer(): Promise<Offer | null> {
  const list = await unwrap(api.GET('/v1/driver/offers'));
  return list.data.find((offer) => offer.status === 'open') ?? null;
}

export function acceptOffer(offerId: string): Promise<Offer> {
  return unwrap(api.POST('/v1/driver/offers/{offerId}/accept', { params: { path: { offerId } } }));
}

export function declineOffer(offerId: string): Promise<Offer> {
  return unwrap(api.POST('/v1/driver/offers/{offerId}/decline', { params: { path: { offerId } } }));
}
