/** The outcome of one Enrich change in the target, as every platform's enricher reports it. */
export const applied = (message: string) => ({ status: "applied" as const, message });
export const unsupported = (message: string) => ({ status: "unsupported" as const, message });
