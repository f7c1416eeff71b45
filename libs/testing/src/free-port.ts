import { loadInfra } from './infra';

/** Below Linux's ephemeral range (32768–60999), where outgoing connections take their local ports. */
const FIRST_PORT = 20_000;
const PORTS_PER_WORKER = 5_000;
const handedOut = new Set<number>();

/**
 * A TCP port nothing listens on right now, for a process the test starts
 * later. Test files run side by side: each jest worker picks from its own
 * range, below the ephemeral ports, so that neither the other worker nor an
 * outgoing connection takes the port between this check and the listen (the
 * OS's own pick, port 0, is an ephemeral port and was taken so once). A port
 * is handed out once per worker.
 */
export async function freePort(): Promise<number> {
  const worker = Math.max(1, Number(process.env.JEST_WORKER_ID ?? 1));
  const first = FIRST_PORT + ((worker - 1) % 2) * PORTS_PER_WORKER;
  const infra = loadInfra();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = first + Math.floor(Math.random() * PORTS_PER_WORKER);
    if (handedOut.has(port) || !(await infra.isPortFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port in ${first}–${first + PORTS_PER_WORKER - 1}`);
}
