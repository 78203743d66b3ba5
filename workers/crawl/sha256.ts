import { createHash } from "node:crypto";

/**
 * SHA-256 of a UTF-8 string, as hex, computed synchronously. Extraction is a synchronous pure function
 * (the CLI and the mapping evaluation call it directly) and WebCrypto's digest is asynchronous only;
 * node:crypto's hash is synchronous and runs both in Workers (nodejs_compat) and in Node.
 */
export function sha256Sync(input: string): string {
  return createHash("sha256").update(input, "utf8").digest("hex");
}
