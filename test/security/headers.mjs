// The security headers of a page, a redirect and API answers, and the CSP nonce of pages: fresh for every
// response and carried by every inline script. (The client also checks the headers of every answer it gets.)
import { headerProblems, SECURITY_HEADERS } from "./http.mjs";

const nonceOf = (headers) => /'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1] ?? null;

/** Checks the responses named in the issue; returns the count of header checks and the problems. */
export async function runHeaders({ client, world }) {
  const problems = [];
  let checks = 0;
  const responses = [];
  const check = (res, what, expectStatus) => {
    responses.push(what);
    if (!expectStatus(res.status)) problems.push(`${what}: status ${res.status}`);
    checks += Object.keys(SECURITY_HEADERS).length;
    for (const p of headerProblems(res.headers)) problems.push(`${what}: ${p}`);
  };

  const login = await client.call("GET", "/login");
  check(login, "page GET /login", (s) => s === 200);
  const again = await client.call("GET", "/login");
  const [n1, n2] = [nonceOf(login.headers), nonceOf(again.headers)];
  checks++;
  if (!n1 || n1 === n2) problems.push("page GET /login: the CSP nonce is not fresh per response");
  // Every inline script of the page carries the response's nonce (and no script carries another).
  const scripts = [...login.text.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]);
  checks++;
  const inline = scripts.filter((attrs) => !/\bsrc=/.test(attrs));
  if (!inline.length) problems.push("page GET /login: no inline script to check the nonce on");
  for (const attrs of scripts) {
    const nonce = /\bnonce="([^"]*)"/.exec(attrs)?.[1];
    if (!/\bsrc=/.test(attrs) && nonce !== n1) problems.push(`page GET /login: an inline script without the response's nonce (<script${attrs}>)`);
    else if (nonce !== undefined && nonce !== n1) problems.push(`page GET /login: a script with another nonce (<script${attrs}>)`);
  }

  // A signed-out visit to a screen of the dashboard redirects to sign-in.
  const redirect = await client.call("GET", "/dashboard");
  check(redirect, "redirect GET /dashboard (signed out)", (s) => s >= 300 && s < 400);
  // A signed-in visit to / redirects to the dashboard.
  const home = await client.call("GET", "/", { headers: { Cookie: `cm_session=${world.tokens.owner}` } });
  check(home, "redirect GET / (signed in)", (s) => s >= 300 && s < 400);

  check(await client.call("GET", "/api/v1/system-notification"), "API GET /api/v1/system-notification", (s) => s === 200);
  check(await client.call("GET", "/api/v1/auth/me"), "API GET /api/v1/auth/me (signed out)", (s) => s === 401);
  check(await client.call("GET", "/api/v1/no-such-route"), "API GET /api/v1/no-such-route", (s) => s === 404);
  check(await client.call("GET", "/no-such-page"), "GET /no-such-page", (s) => s < 500);
  return { responses, checks, problems };
}
