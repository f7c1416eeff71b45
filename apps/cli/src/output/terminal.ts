import { OutputStyle } from './output-style';

/**
 * Where commands write. On a terminal a status line (connecting,
 * reconnecting…) is redrawn in place below the output; elsewhere each status
 * is a plain line of its own, so a log file keeps them.
 */
export class Terminal {
  private statusShown = false;

  constructor(
    readonly style: OutputStyle,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly stderr: NodeJS.WritableStream = process.stderr,
  ) {}

  line(text: string): void {
    this.clearStatus();
    this.stdout.write(`${text}\n`);
  }

  /** One JSON document per line (--json). */
  json(value: unknown): void {
    this.line(JSON.stringify(value));
  }

  status(text: string): void {
    if (this.style.json) return;
    if (!this.style.tty) {
      this.stderr.write(`${text}\n`);
      return;
    }
    this.stdout.write(`\r\u001b[2K${text}`);
    this.statusShown = true;
  }

  error(text: string): void {
    this.clearStatus();
    this.stderr.write(`${text}\n`);
  }

  private clearStatus(): void {
    if (!this.statusShown) return;
    this.stdout.write('\r\u001b[2K');
    this.statusShown = false;
  }
}
