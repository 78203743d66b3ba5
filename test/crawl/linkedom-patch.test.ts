/**
 * linkedom is patched (patches/linkedom+0.18.12.patch, applied by `postinstall`): a node's listener
 * table is made on its first addEventListener instead of in every node's constructor, which cut the
 * CPU of parsing and extracting a real page by about a third. These tests fail when the patch is not
 * applied (a fresh install without the postinstall step) and show that events still work.
 */
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import esm from "../../node_modules/linkedom/esm/interface/event-target.js?raw";

describe("the linkedom patch", () => {
  it("is applied to the module the Worker bundles", () => {
    const constructorBody = /constructor\(\) \{([\s\S]*?)\n {2}\}/.exec(esm as string)?.[1] ?? "";
    expect(constructorBody).not.toContain("wm.set");
    expect(esm as string).toContain("wm.set(this, map = new Map)");
  });

  it("keeps events working: listeners added, dispatched once, removed, and removal on a node without any", () => {
    const { document } = parseHTML("<html><body><div id=a><button id=b>Go</button></div></body></html>") as unknown as { document: Document };
    const a = document.getElementById("a")!;
    const b = document.getElementById("b")!;
    const seen: string[] = [];
    const onA = () => seen.push("a");
    a.addEventListener("ping", onA);
    b.addEventListener("ping", () => seen.push("b"), { once: true });
    b.dispatchEvent(new (document.defaultView as unknown as { Event: typeof Event }).Event("ping", { bubbles: true }));
    b.dispatchEvent(new (document.defaultView as unknown as { Event: typeof Event }).Event("ping", { bubbles: true }));
    expect(seen).toEqual(["b", "a", "a"]);
    a.removeEventListener("ping", onA);
    document.body.removeEventListener("ping", onA);
    b.dispatchEvent(new (document.defaultView as unknown as { Event: typeof Event }).Event("ping", { bubbles: true }));
    expect(seen).toEqual(["b", "a", "a"]);
  });
});
