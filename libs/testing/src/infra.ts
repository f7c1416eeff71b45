import { join } from 'node:path';

interface Started {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface InfraModule {
  repoRoot: string;
  /** `.data`, or SDD_DATA_DIR. */
  dataRoot: string;
  startPostgres(options: { dataDir: string; database: string }): Promise<Started>;
  startRedis(options: { dataDir: string; appendOnly?: boolean; port?: number }): Promise<Started>;
  ensureChromium(): string;
  isAlive(pid: number): boolean;
  isPortFree(port: number, host?: string): Promise<boolean>;
  dependenciesOutdated(root: string): boolean;
  markBuilt(root: string, startedAt: Date): void;
}

/** The project's own scripts that install and start real Postgres and Redis (tools/infra). */
export function loadInfra(): InfraModule {
  return require(join(__dirname, '../../../tools/infra')) as InfraModule;
}
