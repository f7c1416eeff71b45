import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryRef, ErrorType, ProofRecord } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { inScope } from '@sdd/persistence';
import { deliveryNotFound } from '../deliveries/delivery-errors';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { toProofPhotoRecord } from './add-proof-photo.handler';

/** GET /v1/deliveries/{id}/proof: how the package was handed over; 404 until it was. */
@Injectable()
export class GetProofHandler {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ scope, deliveryId }: DeliveryRef): Promise<ProofRecord> {
    const delivery = await this.dataSource.getRepository(DeliveryEntity).findOneBy({ id: deliveryId, ...inScope(scope) });
    if (!delivery) throw deliveryNotFound();
    if (delivery.status !== 'delivered') {
      throw new AppError(404, ErrorType.InvalidRequest, 'proof_not_available', `This delivery is ${delivery.status}: its proof exists once it is delivered.`);
    }
    const photos = await this.dataSource.query(
      `SELECT key, content_type, bytes, sha256, uploaded_at FROM "${this.dataSource.driver.schema}".proof_photos WHERE delivery_id = $1 ORDER BY uploaded_at, key`,
      [delivery.id],
    );
    return {
      deliveryId: delivery.id,
      deliveredAt: (delivery.deliveredAt ?? delivery.updatedAt).toISOString(),
      recipientName: delivery.recipientName,
      pinVerified: delivery.pinVerified,
      idChecked: delivery.idChecked,
      photos: photos.map(toProofPhotoRecord),
    };
  }
}
