import { tileCspSource, tileUrlProblems } from './tile-source';

describe('tileUrlProblems', () => {
  it.each([
    'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    'http://127.0.0.1:8089/tiles/{z}/{x}/{y}{r}.png',
    'https://tiles.example.com/styles/basic/{z}/{x}/{y}.png?key=abc123',
  ])('accepts %s', (template) => {
    expect(tileUrlProblems(template)).toEqual([]);
  });

  it.each([
    ['ftp://tile.example.com/{z}/{x}/{y}.png', 'not an http(s) URL with a path'],
    ['https://tile.example.com', 'not an http(s) URL with a path'],
    ['https://tile.example.com/{z}/{x}.png', '{y} is missing'],
    ['https://user:pw@tile.example.com/{z}/{x}/{y}.png', 'host "user:pw@tile.example.com" is not a host name (or {s}.host) with an optional port'],
    ['https://tile-{s}.example.com/{z}/{x}/{y}.png', 'host "tile-{s}.example.com" is not a host name (or {s}.host) with an optional port'],
    ['https://tile.example.com/{s}/{z}/{x}/{y}.png', "unknown placeholder {s} (only {z}, {x}, {y}, {r} in the path, {s} as the host's first label)"],
    ['https://tile.example.com/{z}/{x}/{y}.png?style={style}', "unknown placeholder {style} (only {z}, {x}, {y}, {r} in the path, {s} as the host's first label)"],
    ["https://tile.example.com/{z}/{x}/{y}.png;script-src='unsafe-inline'", 'characters ; , \' " < > \\ are not allowed'],
  ])('refuses %s: %s', (template, problem) => {
    expect(tileUrlProblems(template)).toContain(problem);
  });
});

describe('tileCspSource', () => {
  it("is the template's scheme, host and port only", () => {
    expect(tileCspSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileCspSource('http://127.0.0.1:8089/tiles/{z}/{x}/{y}.png?key=k')).toBe('http://127.0.0.1:8089');
  });

  it("turns Leaflet's {s} subdomain into the CSP wildcard", () => {
    expect(tileCspSource('https://{s}.Tile.OpenStreetMap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
  });

  it('refuses an invalid template rather than derive a source from it', () => {
    expect(() => tileCspSource('https://tile.example.com/{z}/{x}.png')).toThrow('TILE_URL');
  });
});
