import { fromBase64, toBase64 } from "./ids";

/** PBKDF2-SHA256 iterations for password hashing. */
export const PBKDF2_ITERATIONS = 100_000;
const encoder = new TextEncoder();

/**
 * Hashes a password as `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` with a fresh 16-byte salt.
 * The seed script writes the same format from Node's crypto.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await pbkdf2(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iter, saltB64, hashB64] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || !iter || !saltB64 || !hashB64) return false;
  const expected = fromBase64(hashB64);
  const actual = await pbkdf2(password, fromBase64(saltB64), Number(iter));
  return timingSafeEqual(actual, expected);
}

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** Hex SHA-256 of a string: how session tokens are stored. */
export async function sha256Hex(value: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const data = typeof value === "string" ? encoder.encode(value) : value;
  const digest = await crypto.subtle.digest("SHA-256", data);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const ENC_PREFIX = "enc:v1:";
/** The key used when no SECRETS_KEY is configured: local development and tests only. */
const DEV_KEY_MATERIAL = "local-development-only-secrets-key";

async function secretsKey(keyB64: string | undefined, environment: string): Promise<CryptoKey> {
  let raw: Uint8Array<ArrayBuffer>;
  if (keyB64) {
    raw = fromBase64(keyB64);
  } else if (environment !== "production") {
    raw = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(DEV_KEY_MATERIAL)));
  } else {
    throw new Error("SECRETS_KEY is not configured");
  }
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** Encrypts a secret with AES-GCM; the result is `enc:v1:<iv b64>:<ciphertext b64>`. */
export async function encryptSecret(
  plain: string,
  keyB64: string | undefined,
  environment: string,
): Promise<string> {
  const key = await secretsKey(keyB64, environment);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(plain));
  return `${ENC_PREFIX}${toBase64(iv)}:${toBase64(new Uint8Array(ct))}`;
}

/** Decrypts a value made by `encryptSecret`. */
export async function decryptSecret(
  stored: string,
  keyB64: string | undefined,
  environment: string,
): Promise<string> {
  if (!isEncrypted(stored)) return stored;
  const [ivB64, ctB64] = stored.slice(ENC_PREFIX.length).split(":");
  const key = await secretsKey(keyB64, environment);
  const pt = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(ivB64) }, key, fromBase64(ctB64));
  return new TextDecoder().decode(pt);
}

export function isEncrypted(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(ENC_PREFIX);
}
