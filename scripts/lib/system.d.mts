export const CHROMIUM: string;
export const CHROMIUM_FLAGS: string[];
export const NGINX: string;
export const isRoot: boolean;
export function findPgBin(): string | undefined;
export function run(cmd: string, args: string[], opts?: import('node:child_process').SpawnOptions): Promise<number>;
export type SystemNeed = 'chromium' | 'postgresql' | 'printer' | 'avahi' | 'nginx';
export function ensureSystemPackages(needs?: SystemNeed[], what?: string): void;
export function ensureAvahi(): void;
export function freePort(): Promise<number>;
export interface PostgresCluster {
  url: string;
  port: number;
  halt(): void;
  resume(): void;
  stop(): void;
}
export function startPostgres(opts?: { durable?: boolean }): Promise<PostgresCluster>;
