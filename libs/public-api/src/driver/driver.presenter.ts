import type {
  CreatedDriverRecord,
  DriverAssignmentRecord,
  DriverRecord,
  DriverRecordList,
  OfferRecord,
  OfferRecordList,
  ProofPhotoRecord,
  RerouteRecordList,
  RevokedDriverRecord,
} from '@sdd/contracts';
import type {
  CreatedDriverResource,
  DriverAssignmentResource,
  DriverListResource,
  DriverProofPhotoResource,
  DriverResource,
  OfferListResource,
  OfferResource,
  RerouteListResource,
  RevokedDriverResource,
} from './driver.resource';

export function presentDriver(driver: DriverRecord): DriverResource {
  return {
    id: driver.id,
    name: driver.name,
    phone: driver.phone,
    vehicle: driver.vehicle,
    home_province: driver.homeProvince,
    online: driver.online,
    location: driver.location ? { ...driver.location } : null,
    certifications: driver.certifications.map((c) => ({ kind: c.kind, province: c.province, status: c.status, expires_at: c.expiresAt })),
    status: driver.status,
    token_expires_at: driver.tokenExpiresAt,
    created_at: driver.createdAt,
  };
}

export function presentRevokedDriver(revoked: RevokedDriverRecord): RevokedDriverResource {
  return { id: revoked.id, deleted: true, rematched_delivery_ids: revoked.rematchedDeliveryIds, stranded_delivery_ids: revoked.strandedDeliveryIds };
}

export function presentCreatedDriver(created: CreatedDriverRecord): CreatedDriverResource {
  return { driver: presentDriver(created.driver), token: created.token };
}

export function presentDriverList(list: DriverRecordList): DriverListResource {
  return { data: list.data.map(presentDriver) };
}

export function presentOffer(offer: OfferRecord): OfferResource {
  return {
    id: offer.id,
    delivery_id: offer.deliveryId,
    status: offer.status,
    expires_at: offer.expiresAt,
    category: offer.category,
    package_size: offer.packageSize,
    pickup: { ...offer.pickup },
    dropoff: { ...offer.dropoff },
    recipient: { first_name: offer.recipient.firstName, phone: offer.recipient.phone },
    distance_km: offer.distanceKm,
    created_at: offer.createdAt,
  };
}

export function presentOfferList(list: OfferRecordList): OfferListResource {
  return { data: list.data.map(presentOffer) };
}

export function presentDriverAssignment(assignment: DriverAssignmentRecord): DriverAssignmentResource {
  return { delivery_id: assignment.deliveryId, status: assignment.status };
}

export function presentRerouteList(list: RerouteRecordList): RerouteListResource {
  return {
    data: list.data.map((reroute) => ({ delivery_id: reroute.deliveryId, dropoff: { ...reroute.dropoff }, fee: reroute.fee, requested_at: reroute.requestedAt })),
  };
}

export function presentDriverProofPhoto(deliveryId: string, photo: ProofPhotoRecord): DriverProofPhotoResource {
  return { delivery_id: deliveryId, content_type: photo.contentType, size: photo.bytes, sha256: photo.sha256, uploaded_at: photo.uploadedAt };
}
