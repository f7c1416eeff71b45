/** How the CLI writes: colours only to a terminal and never with NO_COLOR (no-color.org) or --no-color; --json: one JSON document per line. */
export interface OutputStyle {
  color: boolean;
  /** A terminal: progress lines are redrawn in place. */
  tty: boolean;
  json: boolean;
}

export function outputStyle(isTty: boolean | undefined, env: NodeJS.ProcessEnv, options: { json?: boolean; noColor?: boolean }): OutputStyle {
  const tty = isTty === true;
  const json = options.json === true;
  const color = tty && !json && !options.noColor && (env.NO_COLOR === undefined || env.NO_COLOR === '') && env.TERM !== 'dumb';
  return { color, tty, json };
}

const CODES = { red: 31, green: 32, yellow: 33, cyan: 36, dim: 2, bold: 1 } as const;
export type Colour = keyof typeof CODES;

export function paint(style: OutputStyle, colour: Colour, text: string): string {
  return style.color ? `\u001b[${CODES[colour]}m${text}\u001b[0m` : text;
}

/** 2xx green, 4xx yellow, 5xx and no answer red. */
export function statusColour(status: number | null): Colour {
  if (status === null || status >= 500) return 'red';
  return status >= 400 ? 'yellow' : 'green';
}

/** hh:mm:ss of `at`, in UTC: a listen or tail line's time, the same on every machine that reads the log. */
export function clock(at: Date): string {
  return at.toISOString().slice(11, 19);
}
