import { decryptSecret, isEncrypted } from "./crypto";

/** The Worker settings that decrypt platform secrets (workers/env.ts). */
export interface SecretKeys {
  SECRETS_KEY?: string;
  ENVIRONMENT: string;
}

/**
 * A site's platform configuration with its secrets decrypted, for server-side use by adapters only.
 * Callers read the configuration and hand it to the target side, which never decrypts on its own.
 */
export async function readPlatformSecrets(keys: SecretKeys, row: { platformConfig: Record<string, unknown> | null }): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...(row.platformConfig ?? {}) };
  for (const [k, v] of Object.entries(out)) {
    if (isEncrypted(v)) out[k] = await decryptSecret(v, keys.SECRETS_KEY, keys.ENVIRONMENT);
  }
  return out;
}
