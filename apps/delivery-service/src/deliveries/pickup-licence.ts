import type { LocatedAddress, PostalAddress } from '@sdd/contracts';

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const postal = (code: string | null) => (code ? code.replace(/\s+/g, '').toUpperCase() : null);
const streetNumber = (street: string) => /\b(\d+[a-z]?)\b/.exec(normalise(street))?.[1];

/**
 * Whether a quote's pickup is the licensed location: same postal code and same
 * street number, or (without a postal code on either side) the same street
 * line once case, accents and punctuation are ignored.
 */
export function isSamePlace(pickup: LocatedAddress, location: PostalAddress): boolean {
  const a = postal(pickup.postalCode);
  const b = postal(location.postalCode);
  if (a && b) return a === b && streetNumber(pickup.street) === streetNumber(location.street);
  return normalise(pickup.street) === normalise(location.street) && normalise(pickup.city) === normalise(location.city);
}
