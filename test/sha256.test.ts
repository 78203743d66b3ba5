import { describe, expect, it } from "vitest";
import { sha256Sync } from "../workers/crawl/sha256";

async function webCrypto(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("sha256Sync", () => {
  it("gives the FIPS 180-4 test vectors", () => {
    expect(sha256Sync("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Sync("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Sync("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  });

  it("hashes text as UTF-8, as WebCrypto does, at every length around the block size and beyond", async () => {
    const samples = ["ünïcödé — 🎉 中文", "x".repeat(55), "x".repeat(56), "x".repeat(64), "é".repeat(1000), "<p>page</p>".repeat(100_000)];
    for (const text of samples) expect(sha256Sync(text)).toBe(await webCrypto(text));
  });
});
