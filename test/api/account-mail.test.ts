import { describe, expect, it } from "vitest";
import { accountMail, PRODUCT_NAME } from "../../workers/services/account-mail";

describe("account mail", () => {
  it("carries names and links people chose as text, never as markup, in its HTML part", () => {
    const mail = accountMail("ann@example.com", "Invitation", [`<b onmouseover="x()">Acme & Co</b> invites you`, "Open it within 7 days."], `https://app.example/accept?t="><script>alert(1)</script>`);
    expect(mail.html).not.toContain("<b ");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;b onmouseover=\"x()\"&gt;Acme &amp; Co&lt;/b&gt; invites you");
    // The link's address cannot leave its attribute.
    expect(mail.html).toContain(`href="https://app.example/accept?t=&quot;&gt;&lt;script&gt;`);
    // The plain text part is the text as written, the link after the first paragraph, signed.
    expect(mail.text).toBe(`<b onmouseover="x()">Acme & Co</b> invites you\n\nhttps://app.example/accept?t="><script>alert(1)</script>\n\nOpen it within 7 days.\n\n— ${PRODUCT_NAME}`);
  });
});
