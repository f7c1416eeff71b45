import { AddressResource, presentAddress } from '@sdd/public-api';
import { MerchantEntity } from './merchant.entity';

export interface MerchantView {
  id: string;
  business_name: string;
  email: string;
  phone: string;
  address: AddressResource;
  created_at: string;
}

export function presentMerchant(merchant: MerchantEntity): MerchantView {
  return {
    id: merchant.id,
    business_name: merchant.businessName,
    email: merchant.email,
    phone: merchant.phone,
    address: presentAddress(merchant.address),
    created_at: merchant.createdAt.toISOString(),
  };
}
