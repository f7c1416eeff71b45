import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** A 1×1 PNG, answered for every tile. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A local tile server for the pages' maps (TILE_URL): a PNG for every path, counting the requests. */
export async function startTileServer(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((_request, response) => {
    requests++;
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(TILE_PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
