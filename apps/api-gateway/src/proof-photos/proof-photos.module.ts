import { Module } from '@nestjs/common';
import { proofPhotoStoreProvider } from './proof-photo-store.factory';
import { PROOF_PHOTO_STORE } from './proof-photo.store';
import { ProofPhotosController } from './proof-photos.controller';

@Module({ controllers: [ProofPhotosController], providers: [proofPhotoStoreProvider], exports: [PROOF_PHOTO_STORE] })
export class ProofPhotosModule {}
