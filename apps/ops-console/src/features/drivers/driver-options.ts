import type { Certification, NewDriver } from './drivers-api';

/**
 * The choices the forms offer. The schema gives their types, not their
 * values; a value the API stops accepting fails this file's type check
 * when tools/dashboard/build.js regenerates the schema.
 */
export const VEHICLES: ReadonlyArray<NewDriver['vehicle']> = ['bike', 'car', 'van'];
export const PROVINCES: ReadonlyArray<NewDriver['home_province']> = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];
export const CERTIFICATION_KINDS: ReadonlyArray<Certification['kind']> = ['liquor_service', 'cannabis_retail'];
export const CERTIFICATION_STATUSES: ReadonlyArray<Certification['status']> = ['pending', 'approved', 'revoked'];

export const KIND_LABELS: Readonly<Record<Certification['kind'], string>> = { liquor_service: 'Liquor service', cannabis_retail: 'Cannabis retail' };
