import type { ChildProcess } from "node:child_process";

export function ensureBuild(log: (msg: string) => void): void;
export function benchPort(taken?: number[]): Promise<number>;
export function startProduct(opts: { port: number; stateDir: string; output: string[]; vars?: Record<string, string>; fresh?: boolean }): Promise<ChildProcess>;
export function stopWrangler(child: ChildProcess): Promise<boolean>;
export function leftoverBrowsers(stateDir: string): number[];
export function followRun<E = { type: string; migrationId?: string; result?: { summary: Record<string, number> } }>(res: Response, onEvent?: (event: E) => void): Promise<E | null>;
export function percentile(sorted: number[], p: number): number;
export class Api {
  constructor(base: string);
  base: string;
  headers: Record<string, string>;
  call(method: string, path: string, body?: unknown): Promise<unknown>;
  seedSite(origin: string, settings: Record<string, unknown>): Promise<string>;
  snapshots(siteId: string, migrationId: string): Promise<unknown[]>;
}
