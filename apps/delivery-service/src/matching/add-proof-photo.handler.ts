import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryStatus, ProofPhotoRecord, ProofPhotoRequest, ProofPhotoType } from '@sdd/contracts';
import { Clock, CLOCK, proofPhotoKey } from '@sdd/common';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { DriverRepository } from '../drivers/driver.repository';
import { notYourDelivery, proofPhotoKeyInvalid, proofPhotoLimit, proofPhotoNotAllowed } from '../drivers/driver-errors';

/** Photos a delivery's proof keeps: the door, the package, a signed slip. */
export const MAX_PROOF_PHOTOS = 5;

/** While the package is with the driver, and for a while after the hand-over (the app may send the photo after reporting delivered). */
const PHOTO_STATUSES: readonly DeliveryStatus[] = ['picked_up', 'in_transit', 'delivered'];
const AFTER_DELIVERY_MS = 30 * 60_000;

interface PhotoRow {
  key: string;
  content_type: ProofPhotoType;
  bytes: number;
  sha256: string;
  uploaded_at: Date;
}

export function toProofPhotoRecord(row: PhotoRow): ProofPhotoRecord {
  return { key: row.key, contentType: row.content_type, bytes: row.bytes, sha256: row.sha256, uploadedAt: row.uploaded_at.toISOString() };
}

/**
 * Attaches a stored photo to the proof of the driver's delivery. The same
 * photo sent again by the same driver answers as the first time, whatever
 * the delivery's state since: the gateway deletes what it stored only when
 * this refuses, and must never delete a photo that is attached.
 */
@Injectable()
export class AddProofPhotoHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(request: ProofPhotoRequest): Promise<ProofPhotoRecord> {
    if (request.key !== proofPhotoKey(request.deliveryId, request.tokenHash, request.sha256, request.contentType)) throw proofPhotoKeyInvalid();
    const schema = this.dataSource.driver.schema;
    return this.dataSource.transaction(async (manager) => {
      const driver = await this.drivers.byTokenHash(request.tokenHash, { manager });
      const delivery = await manager.findOne(DeliveryEntity, { where: { id: request.deliveryId, driverId: driver.id }, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw notYourDelivery();
      const attached = (await manager.query(`SELECT key, content_type, bytes, sha256, uploaded_at FROM "${schema}".proof_photos WHERE delivery_id = $1 ORDER BY uploaded_at`, [
        delivery.id,
      ])) as PhotoRow[];
      const same = attached.find((row) => row.sha256 === request.sha256 && row.key === request.key);
      if (same) return toProofPhotoRecord(same);
      const now = this.clock.now();
      const deliveredLongAgo = delivery.status === 'delivered' && now.getTime() - (delivery.deliveredAt ?? delivery.updatedAt).getTime() > AFTER_DELIVERY_MS;
      if (!PHOTO_STATUSES.includes(delivery.status) || deliveredLongAgo) throw proofPhotoNotAllowed(delivery.status);
      if (attached.length >= MAX_PROOF_PHOTOS) throw proofPhotoLimit(MAX_PROOF_PHOTOS);
      const [row] = (await manager.query(
        `INSERT INTO "${schema}".proof_photos (delivery_id, sha256, driver_id, key, content_type, bytes, uploaded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (delivery_id, sha256) DO UPDATE SET delivery_id = EXCLUDED.delivery_id
         RETURNING key, content_type, bytes, sha256, uploaded_at`,
        [delivery.id, request.sha256, driver.id, request.key, request.contentType, request.bytes, now],
      )) as PhotoRow[];
      return toProofPhotoRecord(row);
    });
  }
}
