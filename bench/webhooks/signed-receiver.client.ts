import { ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { processCpuSeconds } from '../bench-system';
import { ReceiverReply, ReceiverRequest } from './signed-receiver.messages';
import { TallyReport } from './webhook-tally';

const repoRoot = join(__dirname, '..', '..', '..');

/**
 * What the apps need to send webhooks to the receiver: its CA (`caFile`, from `writeCaFile`) trusted,
 * its host allowed (the SSRF allow-list, which production refuses; NODE_ENV changes nothing else
 * measured), and a key to seal the endpoints' secrets with.
 */
export function receiverAppEnv(caFile: string): Record<string, string> {
  return { NODE_ENV: 'development', WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64'), WEBHOOK_ALLOWED_HOSTS: 'localhost', NODE_EXTRA_CA_CERTS: caFile };
}

/** The receiver process (signed-receiver.ts), from the bench's side. */
export class SignedReceiver {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    /** Its self-signed certificate, the CA the dispatcher must trust. */
    readonly ca: string,
  ) {}

  static async start(): Promise<SignedReceiver> {
    const child = fork(join(__dirname, 'signed-receiver.js'), [], { cwd: repoRoot, execArgv: ['-r', join(repoRoot, 'tools', 'register-paths.js')], stdio: 'inherit' });
    const ready = await new Promise<Extract<ReceiverReply, { kind: 'ready' }>>((resolve, reject) => {
      child.once('message', (reply: ReceiverReply) => (reply.kind === 'ready' ? resolve(reply) : reject(new Error(`unexpected ${reply.kind}`))));
      child.once('exit', (code) => reject(new Error(`the receiver exited with ${code}`)));
    });
    return new SignedReceiver(child, ready.port, ready.ca);
  }

  get pid(): number {
    return this.child.pid as number;
  }

  url(path: string): string {
    return `https://localhost:${this.port}${path}`;
  }

  cpuSeconds(): number {
    return processCpuSeconds(this.pid);
  }

  async addEndpoints(endpoints: Array<{ path: string; secret: string; group: string }>): Promise<void> {
    await this.ask({ kind: 'endpoints', endpoints });
  }

  async report(group: string): Promise<TallyReport> {
    const reply = await this.ask({ kind: 'report', group });
    if (reply.kind !== 'report') throw new Error(`unexpected ${reply.kind}`);
    return reply.report;
  }

  /** When each event of `group` first arrived, by event id. */
  async arrivals(group: string): Promise<Map<string, number>> {
    const reply = await this.ask({ kind: 'arrivals', group });
    if (reply.kind !== 'arrivals') throw new Error(`unexpected ${reply.kind}`);
    return new Map(reply.arrivals);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.disconnect();
    });
  }

  /** One question at a time: the bench asks and awaits. */
  private ask(request: ReceiverRequest): Promise<ReceiverReply> {
    return new Promise((resolve) => {
      this.child.once('message', (reply: ReceiverReply) => resolve(reply));
      this.child.send(request);
    });
  }
}
