import { describe, expect, it } from "vitest";
import { setImageAlt } from "../../workers/targets/image-alt";

describe("setImageAlt", () => {
  const html = `<p>Fish &amp; chips</p><img data-src="/a.png" src="/b.png" alt="old"><img class="x wp-image-3" src="/c.png"><img src="/a.png">`;

  it("sets the alt of the tags picked by their attributes, escaped, and leaves every other byte as it was", () => {
    const set = setImageAlt(html, (attr) => attr("src") === "/a.png" || /(?:^|\s)wp-image-3(?:\s|$)/.test(attr("class") ?? ""), `Fish & "chips" <hot>`);
    expect(set.count).toBe(2);
    expect(set.html).toBe(
      `<p>Fish &amp; chips</p><img data-src="/a.png" src="/b.png" alt="old">` +
        `<img alt="Fish &amp; &quot;chips&quot; &lt;hot&gt;" class="x wp-image-3" src="/c.png">` +
        `<img alt="Fish &amp; &quot;chips&quot; &lt;hot&gt;" src="/a.png">`,
    );
  });

  it("replaces an alt in place, and reads src apart from data-src", () => {
    expect(setImageAlt(html, (attr) => attr("src") === "/b.png", "New").html).toContain(`<img data-src="/a.png" src="/b.png" alt="New">`);
    expect(setImageAlt(html, () => false, "New")).toEqual({ html, count: 0 });
  });
});
