import { aboveBound, breakdownLine, memoryBreakdown } from './memory-breakdown';

const SMAPS = ['55d0c0000000-7ffd00000000 ---p 00000000 00:00 0 [rollup]', 'Rss:              153600 kB', 'Pss:              120000 kB', 'Anonymous:        112640 kB', ''].join(
  '\n',
);
const MB = 2 ** 20;
const METRICS = [
  '# TYPE nodejs_heap_size_total_bytes gauge',
  `nodejs_heap_size_total_bytes ${70 * MB}`,
  `nodejs_heap_size_used_bytes ${48 * MB}`,
  `nodejs_external_memory_bytes ${4 * MB}`,
  `nodejs_heap_space_size_total_bytes{space="old_space"} ${50 * MB}`,
  `nodejs_heap_space_size_total_bytes{space="new_space"} ${16 * MB}`,
  `nodejs_heap_space_size_total_bytes{space="code_space"} ${4 * MB}`,
  `nodejs_heap_space_size_total_bytes{space="read_only_space"} 0`,
  `nodejs_heap_space_size_used_bytes{space="old_space"} ${40 * MB}`,
].join('\n');

describe('memoryBreakdown', () => {
  it('splits resident memory into file-backed, V8 heap and the native rest', () => {
    const b = memoryBreakdown(SMAPS, METRICS);
    expect(b).toEqual({
      residentMb: 150,
      fileMb: 40,
      anonymousMb: 110,
      heapTotalMb: 70,
      heapUsedMb: 48,
      heapSpacesMb: { old_space: 50, new_space: 16, code_space: 4, read_only_space: 0 },
      externalMb: 4,
      nativeRestMb: 40,
    });
  });

  it('reads a missing field as zero rather than failing', () => {
    expect(memoryBreakdown('', '')).toMatchObject({ residentMb: 0, heapTotalMb: 0, nativeRestMb: 0, heapSpacesMb: {} });
  });
});

describe('breakdownLine', () => {
  it('names each part, the heap spaces largest first, empty spaces left out', () => {
    expect(breakdownLine('api-gateway', memoryBreakdown(SMAPS, METRICS))).toBe(
      'api-gateway 150 MB resident: file-backed 40, V8 heap 70 (used 48; old 50, new 16, code 4), external 4, native rest 40',
    );
  });
});

describe('aboveBound', () => {
  it('lists only the apps over 150 MB', () => {
    expect(aboveBound({ 'api-gateway': 151, 'quote-service': 150, 'webhook-dispatcher': 149 })).toEqual(['api-gateway 151 MB']);
  });
});
