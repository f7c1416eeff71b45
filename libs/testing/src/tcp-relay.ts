import { connect, createServer, Server, Socket } from 'node:net';

/**
 * A TCP relay in front of a server (Postgres, Redis) so a test can cut it off
 * from some apps without touching the server: `blackHole` accepts connections
 * and stops forwarding in both directions (a network that drops packets: the
 * connections stay open and nothing answers), `refuse` drops every
 * connection and every new one (a server that is down), `pass` forwards
 * again. A connection accepted while black-holed is never forwarded; healing
 * closes it.
 */
export class TcpRelay {
  private readonly server: Server;
  private readonly links = new Map<Socket, Socket | undefined>();
  private mode: 'pass' | 'blackHole' | 'refuse' = 'pass';

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = createServer((client) => this.accept(client));
  }

  /** Listens on a free local port; resolves with that port. */
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  blackHole(): void {
    this.mode = 'blackHole';
    for (const [client, upstream] of this.links) {
      client.unpipe();
      upstream?.unpipe();
      client.pause();
      upstream?.pause();
    }
  }

  refuse(): void {
    this.mode = 'refuse';
    for (const [client, upstream] of this.links) {
      client.destroy();
      upstream?.destroy();
    }
  }

  pass(): void {
    this.mode = 'pass';
    for (const [client, upstream] of this.links) {
      if (!upstream) {
        client.destroy();
        continue;
      }
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
      upstream.resume();
    }
  }

  /** Connections open through the relay now. */
  get connections(): number {
    return this.links.size;
  }

  async close(): Promise<void> {
    for (const [client, upstream] of this.links) {
      client.destroy();
      upstream?.destroy();
    }
    await new Promise((resolve) => this.server.close(resolve));
  }

  private accept(client: Socket): void {
    if (this.mode === 'refuse') {
      client.destroy();
      return;
    }
    if (this.mode === 'blackHole') {
      this.links.set(client, undefined);
      client.pause();
      const forget = () => this.links.delete(client);
      client.on('error', forget).on('close', forget);
      return;
    }
    const upstream = connect(this.targetPort, this.targetHost);
    this.links.set(client, upstream);
    const drop = () => {
      this.links.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
