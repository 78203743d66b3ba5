import type { Env } from "../workers/env";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** The Content-Security-Policy nonce of this response; entry.server.tsx hands it to the inline scripts. */
    cspNonce: string;
  }
}

export {};
