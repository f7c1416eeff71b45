import { MAX_ADDRESS_LENGTH } from '@sdd/contracts';
import { normalizePostalCode, ParsedAddress, parseCanadianAddress } from './canadian-address.parser';

const address = (street: string | null, city: string | null, province: ParsedAddress['province'], postalCode: string | null): ParsedAddress => ({
  street,
  city,
  province,
  postalCode,
});

describe('parseCanadianAddress', () => {
  it.each([
    // Toronto
    ['100 King St W, Toronto, ON M5X 1A9', address('100 King St W', 'Toronto', 'ON', 'M5X 1A9')],
    ['100 king st w toronto on m5x1a9', address('100 king st w', 'toronto', 'ON', 'M5X 1A9')],
    ['290 Bremner Blvd, Toronto, Ontario, Canada M5V 3L9', address('290 Bremner Blvd', 'Toronto', 'ON', 'M5V 3L9')],
    ['  290   Bremner Blvd ,  Toronto ,ON   M5V3L9  ', address('290 Bremner Blvd', 'Toronto', 'ON', 'M5V 3L9')],
    ['100 King St W, Toronto, ON, Canada', address('100 King St W', 'Toronto', 'ON', null)],
    ['2 Bloor St W Toronto', address('2 Bloor St W', 'Toronto', null, null)],
    ['100 St Clair Ave W Toronto ON M4V 1N5', address('100 St Clair Ave W', 'Toronto', 'ON', 'M4V 1N5')],
    ['M5V 3L9', address(null, null, null, 'M5V 3L9')],
    ['m5v-3l9', address(null, null, null, 'M5V 3L9')],
    // Montréal
    ['1 Rue Sainte-Catherine O, Montréal, QC', address('1 Rue Sainte-Catherine O', 'Montréal', 'QC', null)],
    ['1000 rue De La Gauchetière O, Montréal (Québec) H3B 4W5', address('1000 rue De La Gauchetière O', 'Montréal', 'QC', 'H3B 4W5')],
    ['1 rue St Paul O Montréal QC', address('1 rue St Paul O', 'Montréal', 'QC', null)],
    ['1 Place Ville Marie, bureau 300, Montréal, Québec, H3B 2C4', address('1 Place Ville Marie, bureau 300', 'Montréal', 'QC', 'H3B 2C4')],
    ['MONTRÉAL, QC', address(null, 'MONTRÉAL', 'QC', null)],
    // Vancouver
    ['Vancouver, BC', address(null, 'Vancouver', 'BC', null)],
    ['Suite 200, 55 Water St, Vancouver, BC V6B 1A1', address('Suite 200, 55 Water St', 'Vancouver', 'BC', 'V6B 1A1')],
    ['200-55 Water St, Vancouver BC V6B-1A1', address('200-55 Water St', 'Vancouver', 'BC', 'V6B 1A1')],
    ['Suite 200 55 Water St Vancouver British Columbia', address('Suite 200 55 Water St', 'Vancouver', 'BC', null)],
    ['800 Robson St, Vancouver, Colombie-Britannique, CA', address('800 Robson St', 'Vancouver', 'BC', null)],
    // Calgary
    ['800 Macleod Trail SE, Calgary, Alberta T2G 2M3', address('800 Macleod Trail SE', 'Calgary', 'AB', 'T2G 2M3')],
    ['#1200 - 333 7 Ave SW, Calgary, Alta. T2P 2Z1', address('#1200 - 333 7 Ave SW', 'Calgary', 'AB', 'T2P 2Z1')],
    // Ottawa
    ['1 Rideau St, Ottawa, Ont. K1N 8S7', address('1 Rideau St', 'Ottawa', 'ON', 'K1N 8S7')],
    ['111 Wellington St, Ottawa ON K1A 0A9, Canada', address('111 Wellington St', 'Ottawa', 'ON', 'K1A 0A9')],
    // Halifax
    ['1800 Argyle St, Halifax, N.S. B3J 3N8', address('1800 Argyle St', 'Halifax', 'NS', 'B3J 3N8')],
    ['1800 Argyle Street, Halifax, Nova Scotia', address('1800 Argyle Street', 'Halifax', 'NS', null)],
    // Québec City
    ['2 rue des Jardins, Québec (Québec) G1R 4S9', address('2 rue des Jardins', 'Québec', 'QC', 'G1R 4S9')],
    ['1 rue des Carrières, Québec', address('1 rue des Carrières', 'Québec', 'QC', null)],
    ['Quebec City, PQ', address(null, 'Quebec City', 'QC', null)],
    // Winnipeg
    ['393 Portage Ave, Winnipeg, MB R3B 3H6', address('393 Portage Ave', 'Winnipeg', 'MB', 'R3B 3H6')],
    ['393 portage avenue winnipeg manitoba', address('393 portage avenue', 'winnipeg', 'MB', null)],
    // Elsewhere
    ['100 Main St St. Catharines ON', address('100 Main St', 'St. Catharines', 'ON', null)],
    ['800 Saint-Jean St, St-Jérôme, Que.', address('800 Saint-Jean St', 'St-Jérôme', 'QC', null)],
    ['10 Main St, Charlottetown, P.E.I. C1A 4P3', address('10 Main St', 'Charlottetown', 'PE', 'C1A 4P3')],
    ["50 Water St, St. John's, Newfoundland and Labrador A1C 1A1", address('50 Water St', "St. John's", 'NL', 'A1C 1A1')],
    ['Ste-Foy, QC', address(null, 'Ste-Foy', 'QC', null)],
  ])('parses %p', (text, expected) => {
    expect(parseCanadianAddress(text)).toEqual(expected);
  });

  it('leaves the city empty when a comma-less line has no marked end of street', () => {
    expect(parseCanadianAddress('1 Place Ville Marie Montréal QC')).toEqual(address('1 Place Ville Marie Montréal', null, 'QC', null));
  });

  it('drops a postal code with letters Canada Post never uses, so it cannot pass for the city', () => {
    expect(parseCanadianAddress('100 King St W, Toronto, ON D5X 1A9')).toEqual(address('100 King St W', 'Toronto', 'ON', null));
  });

  it.each(['', '   ', 'D1A 1A1', 'Z9Z 9Z9', ', , ,', 'Canada'])('finds nothing in %p', (text) => {
    expect(parseCanadianAddress(text)).toBeUndefined();
  });

  it('keeps a street line without city, province or postal code, for the geocoder to judge', () => {
    expect(parseCanadianAddress('100 King St W')).toEqual(address('100 King St W', null, null, null));
    expect(parseCanadianAddress('12345')).toEqual(address('12345', null, null, null));
  });

  it('keeps text it cannot understand as the city, for the geocoder to reject', () => {
    expect(parseCanadianAddress('asdf qwer')).toEqual(address(null, 'asdf qwer', null, null));
  });
});

describe('normalizePostalCode', () => {
  it.each([
    ['M5X 1A9', 'M5X 1A9'],
    ['m5x1a9', 'M5X 1A9'],
    ['M5X-1A9', 'M5X 1A9'],
    ['K1A 0A9', 'K1A 0A9'],
    ['X0A 0H0', 'X0A 0H0'],
    ['V6Z 1W2', 'V6Z 1W2'],
  ])('normalises %p', (text, expected) => {
    expect(normalizePostalCode(text)).toBe(expected);
  });

  it.each(['D5X 1A9', 'W5X 1A9', 'Z5X 1A9', 'M5O 1A9', 'M5X 1U9', 'M5X 1A', '12345', 'M5X1A9X'])('rejects %p', (text) => {
    expect(normalizePostalCode(text)).toBeUndefined();
  });
});

describe('parseCanadianAddress on hostile input', () => {
  /**
   * Each of these took 0.5–1.6 s at 30,000 characters with the earlier
   * patterns (unanchored `[\s,;.]+$`, `\([^)]*\)`, `^[.,]+|[.,]+$`: every
   * start position rescanned the rest of the text). The bound is generous for
   * a loaded 2-core machine; a quadratic pattern misses it by seconds.
   */
  const HOSTILE: Array<[string, string]> = [
    ['separators before a final letter', `${','.repeat(50_000)}x`],
    ['semicolons before a final letter', `${';'.repeat(50_000)}x`],
    ['dots in one word', `1 a ${'.'.repeat(50_000)}x`],
    ['dots and commas', `${'.,'.repeat(25_000)}x`],
    ['comma-space runs in a street line', `1 a,${', '.repeat(25_000)} x, ON`],
    ['unclosed parentheses after a city', `Toronto ${'('.repeat(50_000)}`],
    ['dashes and spaces around a city', `a${' -'.repeat(25_000)}x`],
    ['a long word of dots after a street', `1 main st ${'.'.repeat(50_000)}a b`],
    ['postal-code shapes', 'a1a'.repeat(30_000)],
    ['street types', `1 ${'st '.repeat(30_000)}`],
    ['country suffixes', `${' ca'.repeat(30_000)}x`],
    ['units', `1 ${'apt 1'.repeat(20_000)}`],
    ['parentheses closed once at the end', `Toronto ${'('.repeat(50_000)})`],
    ['100,000 spaces then a letter', `${' '.repeat(100_000)}x`],
  ];

  /** The fastest of three runs: a busy machine can stall one run, not all three. */
  function fastestMs(run: () => void): number {
    let fastest = Infinity;
    for (let attempt = 0; attempt < 3; attempt++) {
      const started = performance.now();
      run();
      fastest = Math.min(fastest, performance.now() - started);
    }
    return fastest;
  }

  it.each(HOSTILE)('parses %s in linear time', (_name, text) => {
    expect(fastestMs(() => parseCanadianAddress(text, { maxLength: Infinity }))).toBeLessThan(200);
  });

  it('refuses text longer than any address', () => {
    expect(parseCanadianAddress(`100 King St W, Toronto, ON M5X 1A9${' '.repeat(MAX_ADDRESS_LENGTH)}`)).toBeUndefined();
    expect(parseCanadianAddress(`100 King St W, Toronto, ON M5X 1A9${' '.repeat(200)}`)).toEqual(address('100 King St W', 'Toronto', 'ON', 'M5X 1A9'));
  });
});
