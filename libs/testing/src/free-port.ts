import { loadInfra } from './infra';

/** A TCP port nothing listens on right now (the OS picks it); the same picker `npm start` uses. */
export function freePort(): Promise<number> {
  return loadInfra().findFreePort();
}
