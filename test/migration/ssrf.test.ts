import { describe, expect, it } from "vitest";
import { assertCrawlable, CrawlRefusedError, guardedFetch, isPrivateAddress, type HostResolver } from "../../workers/crawl/ssrf";
import { inject } from "vitest";

describe("private address detection", () => {
  it.each([
    "127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1",
    "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fd00::1", "fc12:3456::1", "::ffff:127.0.0.1",
    "::ffff:10.0.0.1", "64:ff9b::a9fe:a9fe", "ff02::1",
  ])("%s is not public", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(["93.184.216.34", "1.1.1.1", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("%s is public", (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});

describe("assertCrawlable", () => {
  const production = (resolver?: HostResolver) => ({ host: "www.example.com", environment: "production", resolver });

  it("refuses other origins in every environment", async () => {
    await expect(assertCrawlable("https://evil.example.org/", { host: "www.example.com", environment: "development" })).rejects.toThrow(CrawlRefusedError);
    await expect(assertCrawlable("file:///etc/passwd", { host: "www.example.com", environment: "development" })).rejects.toThrow(/Only http and https/);
  });

  it("refuses loopback, private and link-local literals outside development", async () => {
    for (const host of ["127.0.0.1:8080", "10.0.0.5", "169.254.169.254", "[::1]:8080", "localhost:3000", "app.localhost", "2130706433"]) {
      const url = `http://${host}/`;
      const parsedHost = new URL(url).host;
      await expect(assertCrawlable(url, { host: parsedHost, environment: "production" })).rejects.toThrow(CrawlRefusedError);
    }
  });

  it("allows them in development, where fixture sites run on loopback", async () => {
    await expect(assertCrawlable("http://127.0.0.1:8080/", { host: "127.0.0.1:8080", environment: "development" })).resolves.toBeInstanceOf(URL);
  });

  it("checks what a host name resolves to", async () => {
    const internal: HostResolver = async () => ["93.184.216.34", "10.0.0.7"];
    await expect(assertCrawlable("https://www.example.com/", production(internal))).rejects.toThrow(/resolves to 10\.0\.0\.7/);
    const nothing: HostResolver = async () => [];
    await expect(assertCrawlable("https://www.example.com/", production(nothing))).rejects.toThrow(/does not resolve/);
    const broken: HostResolver = async () => {
      throw new Error("SERVFAIL");
    };
    await expect(assertCrawlable("https://www.example.com/", production(broken))).rejects.toThrow(/Could not resolve/);
    const publicOnly: HostResolver = async () => ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"];
    await expect(assertCrawlable("https://www.example.com/a", production(publicOnly))).resolves.toBeInstanceOf(URL);
  });

  it("checks every redirect hop, so a redirect cannot leave the origin", async () => {
    const origin = inject("fixtureOrigin");
    const host = new URL(origin).host;
    const inside = await guardedFetch(`${origin}/special/redirect-in`, { host, environment: "development" });
    expect(inside.finalUrl).toBe(`${origin}/pages/page-1`);
    expect(inside.response.status).toBe(200);
    await inside.response.body?.cancel();
    await expect(guardedFetch(`${origin}/special/redirect-out`, { host, environment: "development" })).rejects.toThrow(/outside the site's origin/);
  });
});
