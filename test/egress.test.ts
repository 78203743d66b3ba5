/**
 * The one egress guard (workers/lib/egress.ts): every address form, every URL spelling that reaches it,
 * name resolution, redirects hop by hop, credentials across origins, and the local development setting.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEFAULT_REQUEST_POLICY, refusal } from "../workers/crawl/trackers";
import {
  allowsPrivateEgress,
  assertEgressAllowed,
  EgressRefusedError,
  egressFetch,
  egressPolicy,
  endpointUrlProblem,
  isPrivateAddress,
  parseIPv4,
  type FetchLike,
} from "../workers/lib/egress";
import { LOCAL_EGRESS, strictEgress } from "./fixtures/egress";

const NOT_PUBLIC = [
  // IPv4: loopback, private, link-local (metadata), CGNAT, this network, multicast, reserved, broadcast, special
  "127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1",
  "100.100.100.200", "0.0.0.0", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255", "192.0.0.1", "192.0.2.1",
  "198.18.0.1", "198.51.100.1", "203.0.113.1", "192.88.99.1",
  // IPv4 spellings the URL standard accepts
  "2130706433", "0177.0.0.1", "0x7f.1", "127.1", "0x7f000001", "017700000001", "10.1", "0xa9.0xfe.0xa9.0xfe",
  // IPv6: unspecified, loopback, unique-local, link-local, site-local, multicast, discard, documentation, cloud metadata (AWS)
  "::", "::1", "fc00::1", "fd00::1", "fd00:ec2::254", "fe80::1", "fe80::1%eth0", "fec0::1", "ff02::1", "100::1", "2001:db8::1", "3fff::1",
  // IPv4-mapped, in dotted and hex form
  "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:a9fe:a9fe", "0:0:0:0:0:ffff:192.168.0.1", "::ffff:0:7f00:1",
  // IPv4-compatible (deprecated)
  "::127.0.0.1", "::7f00:1", "::a00:1", "::8.8.8.8",
  // NAT64: well-known prefix with a private IPv4 inside, and the local-use prefix
  "64:ff9b::7f00:1", "64:ff9b::10.0.0.1", "64:ff9b::a9fe:a9fe", "64:ff9b:1::1", "64:ff9b:1::808:808",
  // 6to4 with a private IPv4 inside
  "2002:7f00:1::1", "2002:a00:1::", "2002:c0a8:101::1", "2002:a9fe:a9fe::1",
  // Teredo: client 127.0.0.1 / 10.0.0.1 (inverted in the last 32 bits), or server 10.0.0.1
  "2001:0:4136:e378:8000:63bf:80ff:fffe", "2001:0:4136:e378:8000:63bf:f5ff:fffe", "2001:0:a00:1::f7f7:f7f7",
  // IETF protocol assignments, not an address at all
  "2001:2::1", "not-an-address",
  // Special-purpose blocks the hand-written table missed and ipaddr.js's names: AS112 DNS sinks and AMT relays
  "192.31.196.1", "192.175.48.1", "192.52.193.1", "2001:4:112::1", "2620:4f:8000::1", "2001:3::1",
];

const PUBLIC = ["93.184.216.34", "1.1.1.1", "8.8.8.8", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "2001:0:4136:e378:8000:63bf:f7f7:f7f7"];

describe("address classification", () => {
  it.each(NOT_PUBLIC)("%s is not public", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(PUBLIC)("%s is public", (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });

  it("reads IPv4 in every spelling the URL standard accepts, and nothing else", () => {
    const loopback = 0x7f000001;
    for (const s of ["127.0.0.1", "2130706433", "0177.0.0.1", "0x7f.1", "127.1", "0x7F.0.0.1", "127.0.0.1."]) expect(parseIPv4(s), s).toBe(loopback);
    for (const s of ["example.com", "1.2.3.4.5", "256.0.0.1", "08.0.0.1", "1..2", "4294967296", "::1"]) expect(parseIPv4(s), s).toBeNull();
  });
});

/** A resolver that fails the test if it is asked: literal hosts are decided without a lookup. */
const noLookup = egressPolicy({}, async (host) => {
  throw new Error(`unexpected lookup of ${host}`);
});

const LITERAL_URLS = [
  "http://2130706433/", "http://0177.0.0.1/", "http://0x7f.1/", "http://127.1/", "http://0/", "http://0.0.0.0/",
  "http://10.0.0.5:8080/", "http://169.254.169.254/latest/meta-data/", "http://100.100.100.200/", "http://[::1]/", "http://[::]/",
  "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[::127.0.0.1]/", "http://[64:ff9b::127.0.0.1]/", "http://[64:ff9b:1::a00:1]/",
  "http://[2002:7f00:1::1]/", "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "http://[fd00:ec2::254]/", "http://[fe80::1]/",
  "http://localhost/", "http://LOCALHOST./", "http://app.localhost:3000/",
];

describe("what reaches the guard from a URL", () => {
  it("the URL parser turns odd IPv4 spellings into dotted decimal and IPv6 into hex groups", () => {
    for (const u of ["http://2130706433/", "http://0177.0.0.1/", "http://0x7f.1/", "http://127.1/"]) expect(new URL(u).hostname).toBe("127.0.0.1");
    expect(new URL("http://[::ffff:127.0.0.1]/").hostname).toBe("[::ffff:7f00:1]");
  });

  it.each(LITERAL_URLS)("%s is refused without a lookup", async (url) => {
    await expect(assertEgressAllowed(url, noLookup)).rejects.toThrow(EgressRefusedError);
  });

  it.each(LITERAL_URLS)("the browser refuses %s as a subresource, even when the site allows its host", (url) => {
    expect(refusal(new URL(url), "www.example.com", DEFAULT_REQUEST_POLICY)).toBe("private");
    expect(refusal(new URL(url), "www.example.com", { blockHosts: [], allowHosts: [new URL(url).hostname] })).toBe("private");
  });

  it("refuses a name when any of its addresses is not public, or when it does not resolve", async () => {
    for (const bad of ["10.0.0.7", "::ffff:10.0.0.1", "64:ff9b::a9fe:a9fe", "fd12::1", "2002:a00:1::1"]) {
      const policy = strictEgress({ "www.example.com": ["93.184.216.34", bad] });
      await expect(assertEgressAllowed("https://www.example.com/", policy)).rejects.toThrow(`resolves to ${bad}`);
    }
    await expect(assertEgressAllowed("https://www.example.com/", strictEgress({ "www.example.com": [] }))).rejects.toThrow(/does not resolve/);
    const failing = egressPolicy({}, async () => {
      throw new Error("SERVFAIL");
    });
    await expect(assertEgressAllowed("https://www.example.com/", failing)).rejects.toThrow(/Could not resolve/);
    await expect(assertEgressAllowed("https://www.example.com/a", strictEgress())).resolves.toBeInstanceOf(URL);
  });

  it("refuses other schemes and URLs that carry a user name or password, in every setting", async () => {
    for (const policy of [strictEgress(), LOCAL_EGRESS]) {
      await expect(assertEgressAllowed("file:///etc/passwd", policy)).rejects.toThrow(/Only http and https/);
      await expect(assertEgressAllowed("https://admin:pw@www.example.com/", policy)).rejects.toThrow(/user name or password/);
    }
  });

  it("refuses plain http where credentials go along, unless the local setting is on", async () => {
    await expect(assertEgressAllowed("http://www.example.com/", strictEgress(), { requireHttps: true })).rejects.toThrow(/only sent over https/);
    await expect(assertEgressAllowed("http://www.example.com/", strictEgress())).resolves.toBeInstanceOf(URL);
    await expect(assertEgressAllowed("http://127.0.0.1:9/", LOCAL_EGRESS, { requireHttps: true })).resolves.toBeInstanceOf(URL);
  });
});

describe("the local development setting", () => {
  it("is on only with EGRESS_ALLOW_PRIVATE = \"true\", and never in production", () => {
    expect(allowsPrivateEgress({ EGRESS_ALLOW_PRIVATE: "true", ENVIRONMENT: "development" })).toBe(true);
    expect(allowsPrivateEgress({ ENVIRONMENT: "development" })).toBe(false);
    expect(allowsPrivateEgress({})).toBe(false);
    expect(allowsPrivateEgress({ EGRESS_ALLOW_PRIVATE: "1", ENVIRONMENT: "development" })).toBe(false);
    expect(allowsPrivateEgress({ EGRESS_ALLOW_PRIVATE: "true", ENVIRONMENT: "production" })).toBe(false);
  });

  it("is set for local development and tests, and absent from the production configuration", async () => {
    expect(egressPolicy(env).allowPrivate).toBe(true);
    const files = import.meta.glob<string>("../wrangler.toml", { query: "?raw", import: "default", eager: true });
    const toml = Object.values(files)[0];
    const [local, production] = toml.split(/^\[env\.production\]/m);
    expect(local).toMatch(/^\[vars\][^[]*^EGRESS_ALLOW_PRIVATE = "true"$/m);
    expect(production).not.toContain("EGRESS_ALLOW_PRIVATE");
  });

  it("lets loopback and private addresses through", async () => {
    for (const url of ["http://127.0.0.1:8788/", "http://[::1]/", "http://localhost:3000/", "http://10.0.0.5/"]) {
      await expect(assertEgressAllowed(url, LOCAL_EGRESS)).resolves.toBeInstanceOf(URL);
    }
  });
});

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
  redirect: RequestRedirect | undefined;
}

/** A transport answering from a table of URL → response, recording what it was sent. */
function transport(routes: Record<string, () => Response>, sent: Sent[]): FetchLike {
  return async (input, init = {}) => {
    sent.push({ url: input, method: init.method ?? "GET", headers: new Headers(init.headers), body: typeof init.body === "string" ? init.body : null, redirect: init.redirect });
    const route = routes[input];
    if (!route) throw new Error(`no route for ${input}`);
    return route();
  };
}

const redirect = (location: string, status = 302) => () => new Response(null, { status, headers: { Location: location } });

describe("egressFetch", () => {
  it("checks every redirect hop: a public host cannot send the request to a private address", async () => {
    for (const target of ["http://169.254.169.254/latest/meta-data/", "http://[::ffff:7f00:1]/", "http://localhost/admin", "https://internal.example.com/"]) {
      const sent: Sent[] = [];
      const policy = strictEgress({ "internal.example.com": ["10.1.2.3"] });
      const fetch = transport({ "https://www.example.com/start": redirect(target) }, sent);
      await expect(egressFetch("https://www.example.com/start", {}, { policy, fetch })).rejects.toThrow(EgressRefusedError);
      expect(sent.map((s) => s.url)).toEqual(["https://www.example.com/start"]);
      expect(sent[0].redirect).toBe("manual");
    }
  });

  it("follows redirects between public hosts and stops after the limit", async () => {
    const sent: Sent[] = [];
    const fetch = transport({ "https://a.example.com/": redirect("/b"), "https://a.example.com/b": redirect("https://c.example.net/"), "https://c.example.net/": () => new Response("ok") }, sent);
    const { response, finalUrl } = await egressFetch("https://a.example.com/", {}, { policy: strictEgress(), fetch });
    expect(await response.text()).toBe("ok");
    expect(finalUrl).toBe("https://c.example.net/");
    const loop = transport({ "https://a.example.com/": redirect("https://a.example.com/") }, []);
    await expect(egressFetch("https://a.example.com/", {}, { policy: strictEgress(), fetch: loop, maxRedirects: 3 })).rejects.toThrow(/More than 3 redirects/);
  });

  it("never sends Authorization, cookies or tokens on to another origin; keeps them on the same origin", async () => {
    const sent: Sent[] = [];
    const fetch = transport(
      {
        "https://cms.example.com/api": redirect("/api/v2", 307),
        "https://cms.example.com/api/v2": redirect("https://elsewhere.example.net/collect", 307),
        "https://elsewhere.example.net/collect": () => new Response("ok"),
      },
      sent,
    );
    const headers = { Authorization: "Basic c2VjcmV0", Cookie: "session=1", "CSRF-Token": "t", "X-Api-Key": "k", Accept: "application/json", "Content-Type": "application/json" };
    await egressFetch("https://cms.example.com/api", { method: "PUT", headers, body: "{}" }, { policy: strictEgress(), fetch });
    expect(sent[1].headers.get("Authorization")).toBe("Basic c2VjcmV0");
    const foreign = sent[2];
    expect(foreign.url).toBe("https://elsewhere.example.net/collect");
    for (const name of ["Authorization", "Cookie", "CSRF-Token", "X-Api-Key"]) expect(foreign.headers.has(name), name).toBe(false);
    expect(foreign.headers.get("Accept")).toBe("application/json");
    expect(foreign).toMatchObject({ method: "PUT", body: "{}" });
  });

  it("continues a POST as GET without its body after 303", async () => {
    const sent: Sent[] = [];
    const fetch = transport({ "https://cms.example.com/items": redirect("/items/7", 303), "https://cms.example.com/items/7": () => new Response("ok") }, sent);
    await egressFetch("https://cms.example.com/items", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }, { policy: strictEgress(), fetch });
    expect(sent[1]).toMatchObject({ method: "GET", body: null });
    expect(sent[1].headers.has("Content-Type")).toBe(false);
  });
});

describe("platform endpoint URLs on save", () => {
  it("names what is wrong without a lookup", () => {
    expect(endpointUrlProblem("ftp://cms.example.com/", false)).toBe("invalid");
    expect(endpointUrlProblem("https://admin:pw@cms.example.com/", false)).toBe("credentials");
    expect(endpointUrlProblem("https://admin:pw@127.0.0.1/", true)).toBe("credentials");
    expect(endpointUrlProblem("http://cms.example.com/", false)).toBe("plain-http");
    for (const host of ["10.0.0.5", "[::ffff:7f00:1]", "0x7f.1", "localhost", "[fd00::1]"]) expect(endpointUrlProblem(`https://${host}/`, false), host).toBe("private-address");
    expect(endpointUrlProblem("https://cms.example.com/.rest", false)).toBeNull();
    expect(endpointUrlProblem("http://127.0.0.1:8080/", true)).toBeNull();
  });
});
