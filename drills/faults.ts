import { QueueKeys } from 'bullmq';
import { ServiceName, ServiceQueue } from '@sdd/contracts';
import { keySlot } from '@sdd/common';
import { TestSystem, waitFor, WebhookReceiver } from '@sdd/testing';
import { DrillConfig, DrillName } from './drill-config';
import { DrillServers } from './drill-servers';
import { LoadProgress } from './merchant-load';
import { setTimeout as sleep } from 'node:timers/promises';
import { ReplicaSet } from './replicas/replica-set';

export interface FaultContext {
  config: DrillConfig;
  system: TestSystem;
  servers: DrillServers;
  receiver: WebhookReceiver;
  progress: LoadProgress;
  /** Several processes of every app (the replicated drills); else one each. */
  replicas?: ReplicaSet;
  log(message: string): void;
}

export interface FaultRun {
  /** What was done, with its figures. */
  description: string;
  startedAt: number;
  /** When the system had its dependency back (or the last killed app was ready again). */
  endedAt: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * kill -9 of each app in turn, while a delivery request is in flight when the
 * load has one within a second (the windows between claim, commit and
 * scheduling are only open then); supervision restarts it, and the next dies
 * once it is ready again.
 */
async function killEachApp(context: FaultContext): Promise<string> {
  if (context.replicas) return killReplicas(context, context.replicas);
  const { config, system, progress, log } = context;
  const downtimes: string[] = [];
  for (const app of Object.values(ServiceName)) {
    await waitFor(() => (progress.deliveriesInFlight > 0 ? true : undefined), 1000, 5).catch(() => undefined);
    const killedAt = Date.now();
    const inFlight = progress.deliveriesInFlight;
    await system.crash(app, 'SIGKILL');
    log(`killed ${app} (kill -9) with ${inFlight} delivery requests in flight`);
    await system.awaitApp(app, 120_000);
    downtimes.push(`${app} ${seconds(Date.now() - killedAt)} (${inFlight} in flight)`);
    log(`${app} is ready again`);
    await sleep(config.killGapMs);
  }
  return `kill -9 of each app in turn, each restarted (down until ready, and delivery requests in flight at the kill: ${downtimes.join(', ')})`;
}

/** The app whose processes all die at once in the replicated kill drill: the outbox, the timeline and matching are its. */
const ALL_AT_ONCE = ServiceName.Delivery;

/**
 * Several processes of every app: kill -9 of one process of each app in
 * turn (a different one from app to app, a gateway behind the balancer
 * included), each started again; then of every process of delivery-service
 * at once, all started again.
 */
async function killReplicas({ config, progress, log }: FaultContext, replicas: ReplicaSet): Promise<string> {
  const downtimes: string[] = [];
  const inFlightNow = async () => {
    await waitFor(() => (progress.deliveriesInFlight > 0 ? true : undefined), 1000, 5).catch(() => undefined);
    return progress.deliveriesInFlight;
  };
  for (const [index, app] of Object.values(ServiceName).entries()) {
    const number = (index % replicas.count) + 1;
    const inFlight = await inFlightNow();
    const killedAt = Date.now();
    await replicas.killAndRestart(app, number);
    downtimes.push(`${app} #${number} ${seconds(Date.now() - killedAt)} (${inFlight} in flight)`);
    log(`${app} #${number} killed (kill -9) with ${inFlight} delivery requests in flight, ready again`);
    await sleep(config.killGapMs);
  }
  const inFlight = await inFlightNow();
  const killedAt = Date.now();
  await Promise.all(Array.from({ length: replicas.count }, (_, index) => replicas.killAndRestart(ALL_AT_ONCE, index + 1)));
  log(`every ${ALL_AT_ONCE} process killed at once with ${inFlight} delivery requests in flight, all ready again`);
  return (
    `kill -9 of one of the ${replicas.count} processes of each app in turn, each started again (down until ready: ${downtimes.join(', ')}), ` +
    `then of all ${replicas.count} ${ALL_AT_ONCE} processes at once (${seconds(Date.now() - killedAt)}, ${inFlight} in flight)`
  );
}

/** FLUSHALL, and again a third of the load later. */
async function flushRedisTwice({ config, servers, log }: FaultContext): Promise<string> {
  await servers.flushRedis();
  log('FLUSHALL');
  await sleep(config.loadMs / 3);
  await servers.flushRedis();
  log('FLUSHALL again');
  return `FLUSHALL of Redis${servers.onCluster ? ' (every primary of the cluster)' : ''} twice, ${seconds(config.loadMs / 3)} apart`;
}

/**
 * On a Redis Cluster: kill -9 of the primary holding the timeline's delayed
 * jobs (the steps of every delivery in flight); its replica takes over. The
 * node stays dead: the drill ends on three primaries, one without a replica.
 */
async function primaryLoss({ system, servers, log }: FaultContext): Promise<string> {
  const { primaryPort, replicaPort, failoverMs } = await servers.killPrimaryOf(keySlot(new QueueKeys(system.prefix).getKeys(ServiceQueue.DeliveryTimeline).wait));
  log(`killed the primary :${primaryPort} (kill -9); its replica :${replicaPort} serves after ${failoverMs} ms`);
  return `kill -9 of the Redis Cluster primary :${primaryPort} holding the timeline's jobs; its replica :${replicaPort} a primary after ${seconds(failoverMs)}`;
}

async function postgresOutage({ config, servers, log }: FaultContext): Promise<string> {
  const stoppedAt = Date.now();
  await servers.stopPostgres();
  log('Postgres stopped');
  try {
    await sleep(config.outageMs - (Date.now() - stoppedAt));
  } finally {
    await servers.startPostgres();
    log('Postgres started again');
  }
  return `Postgres${servers.throughPgBouncer ? ' (behind PgBouncer, which stayed up)' : ''} stopped for ${seconds(Date.now() - stoppedAt)}, then started`;
}

async function receiverOutage({ config, receiver, log }: FaultContext): Promise<string> {
  const downAt = Date.now();
  await receiver.pause();
  log('webhook receiver down');
  try {
    await sleep(config.outageMs);
  } finally {
    await receiver.resume();
    log('webhook receiver back');
  }
  return `webhook receiver down (connections refused) for ${seconds(Date.now() - downAt)}`;
}

/**
 * SIGKILL of the postmaster, then (once the supervisor has restarted it and a
 * pause has passed) of redis-server, as `npm start` runs them: nothing stops
 * them cleanly, and nobody but their supervisor starts them again.
 */
async function killServers({ config, servers, log }: FaultContext): Promise<string> {
  const postgres = await servers.killServer('Postgres');
  log(`killed the postmaster (kill -9); restarted by its supervisor in ${seconds(postgres.downMs)}`);
  await sleep(config.killGapMs);
  const redis = await servers.killServer('Redis');
  log(`killed redis-server (kill -9); restarted by its supervisor in ${seconds(redis.downMs)}`);
  const restarts = redis.log.split('\n').filter((line) => /exited unexpectedly|restarted/.test(line));
  for (const line of restarts) log(`supervisor: ${line}`);
  return `kill -9 of the postmaster, then of redis-server ${seconds(config.killGapMs)} after Postgres was back; each restarted on its port with its data (down ${seconds(postgres.downMs)} and ${seconds(redis.downMs)})`;
}

/** The load is the fault: the burst, open-loop, whatever the answers. */
async function burst({ config }: FaultContext): Promise<string> {
  await sleep(config.loadMs);
  return `open-loop burst of ${Math.round((config.deliveries * 1000) / config.loadMs)} deliveries/s (quote + delivery each) for ${seconds(config.loadMs)}`;
}

const FAULTS: Record<DrillName, (context: FaultContext) => Promise<string>> = {
  kill: killEachApp,
  'redis-loss': flushRedisTwice,
  'postgres-outage': postgresOutage,
  'receiver-outage': receiverOutage,
  'server-loss': killServers,
  overload: burst,
  'primary-loss': primaryLoss,
};

/** Injects the drill's fault and resolves once it is over. */
export async function injectFault(context: FaultContext): Promise<FaultRun> {
  const startedAt = Date.now();
  const description = await FAULTS[context.config.name](context);
  return { description, startedAt, endedAt: Date.now() };
}
