export function nginxConfig(opts: { port: number; upstreams: number[]; dir: string }): string;
export interface Nginx {
  url: string;
  config: string;
  stop(): Promise<void>;
}
export function startNginx(opts: { port: number; upstreams: number[] }): Promise<Nginx>;
