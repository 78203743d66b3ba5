export function corpusFiles(dir: string): string[];
export function serveRealSite(opts: { dir: string; pages?: number; stuck?: number }): Promise<{ origin: string; urls: string[]; requested: number[]; close: () => Promise<void> }>;
