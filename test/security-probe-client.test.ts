import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the probe, without types
import { isDevProxyFailure } from "./security/http.mjs";

/** The probe sends a request again only when `wrangler dev`'s own proxy, not the product, answered it. */
describe("the security probe's client", () => {
  it("tells the dev server's lost-Worker answer from the product's errors", async () => {
    const proxy = new Response("Error: Network connection lost.", { status: 500, headers: { "Content-Type": "text/plain;charset=UTF-8" } });
    expect(await isDevProxyFailure(proxy)).toBe(true);
    // The product's 500 is JSON with its security headers; any other plain 500 counts as the product's.
    const product = new Response(JSON.stringify({ error: "Internal server error" }), { status: 500, headers: { "Content-Type": "application/json", "Content-Security-Policy": "default-src 'self'" } });
    expect(await isDevProxyFailure(product)).toBe(false);
    expect(await isDevProxyFailure(new Response("Error: boom", { status: 500, headers: { "Content-Type": "text/plain" } }))).toBe(false);
    expect(await isDevProxyFailure(new Response("Error: Network connection lost.", { status: 502, headers: { "Content-Type": "text/plain" } }))).toBe(false);
    expect(await isDevProxyFailure(new Response("Error: Network connection lost.", { status: 500, headers: { "Content-Type": "text/plain", "Content-Security-Policy": "default-src 'self'" } }))).toBe(false);
  });
});
