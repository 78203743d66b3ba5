import { expect, test } from "@playwright/test";
import { acceptCookies } from "./dashboard-support";
import { DEMO, signIn } from "./support";

/**
 * The browser's side of the one sanitizer policy (DOMPurify, app/lib/safe-html.ts) in a real browser:
 * the system notification editor previews the message as the banner shows it. The same hostile inputs
 * run through the server's side in test/client/html-policy.test.ts.
 */
test.describe.configure({ timeout: 90_000 });

/** What the preview holds for an input: exactly this HTML, or (a RegExp) HTML that never matches it. */
const CASES: [input: string, shown: string | RegExp][] = [
  [`<strong>Maintenance</strong> on <em>Sunday</em>. <a href="https://status.example.com">Status</a>`, `<strong>Maintenance</strong> on <em>Sunday</em>. <a href="https://status.example.com">Status</a>`],
  [`Hi<script>alert(1)</script><style>body{}</style><iframe src="https://x">frame text</iframe>!`, "Hi!"],
  [`<b onclick="alert(1)" style="color:red" class="x" id="y">bold</b>`, "<b>bold</b>"],
  [`<a href="javascript:alert(1)">x</a>`, "<a>x</a>"],
  [`<a href=" java\tscript:alert(1)">x</a>`, "<a>x</a>"],
  [`<a href="&#106;avascript:alert(1)">x</a>`, "<a>x</a>"],
  [`<a href="data:text/html,hi">x</a>`, "<a>x</a>"],
  [`<a href="//evil.example">x</a>`, "<a>x</a>"],
  [`<a href="/help">x</a>`, "<a>x</a>"],
  [`x<svg><a href="https://evil.example">click</a><script>alert(1)</script></svg>y`, "xy"],
  [`<math><mi xlink:href="javascript:alert(1)">m</mi><a href="https://evil.example">click</a></math>z`, "z"],
  // Browsers parse this mutation-XSS vector differently from the server's parser; what is left is harmless.
  [`<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">`, /<(?:img|style|svg|script)|onerror/i],
  [`<template><img src=x onerror=alert(1)></template>t`, "t"],
  [`<div><h1>Title</h1><img src="https://a.example/x.png" onerror="alert(1)"></div>`, "Title"],
  [`<a href="https://a.example" target="_blank" rel="opener">a</a>`, `<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>`],
  [`<a href="https://a.example" target="evil">a</a>`, `<a href="https://a.example">a</a>`],
];

test("the notification preview shows hostile HTML cleaned by the policy, and nothing runs", async ({ page }) => {
  await acceptCookies(page);
  const ran: string[] = [];
  page.on("dialog", (d) => {
    ran.push(d.message());
    void d.dismiss();
  });
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  const message = page.getByLabel("Message");
  const preview = page.getByTestId("notification-preview");
  for (const [input, shown] of CASES) {
    await message.fill(input);
    if (shown === "") await expect(preview, input).toHaveCount(0);
    else if (shown instanceof RegExp) {
      // The preview follows the text as it is typed: wait until it shows this input's result.
      await expect(message).toHaveValue(input);
      await page.waitForTimeout(200);
      const html = (await preview.count()) ? await preview.evaluate((el) => el.innerHTML) : "";
      expect(html, input).not.toMatch(shown);
    } else await expect.poll(() => preview.evaluate((el) => el.innerHTML.trim()), { message: input }).toBe(shown);
  }
  expect(ran).toEqual([]);
});
