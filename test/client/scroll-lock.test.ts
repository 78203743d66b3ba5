import { describe, expect, it } from "vitest";
import { createScrollLock, type ScrollTarget } from "../../app/lib/scroll-lock";

describe("nested scroll lock (spec §4)", () => {
  it("locks on the first lock and restores the page's own style only when the count reaches zero", () => {
    const body: ScrollTarget = { style: { overflow: "auto", paddingRight: "3px" } };
    const lock = createScrollLock(() => body, () => 15);
    const menu = lock.lock();
    expect(body.style).toEqual({ overflow: "hidden", paddingRight: "15px" });
    const dialog = lock.lock();
    expect(lock.count()).toBe(2);
    menu();
    expect(lock.count()).toBe(1);
    expect(body.style.overflow).toBe("hidden");
    dialog();
    expect(lock.count()).toBe(0);
    expect(body.style).toEqual({ overflow: "auto", paddingRight: "3px" });
  });

  it("ignores a release called twice", () => {
    const body: ScrollTarget = { style: { overflow: "", paddingRight: "" } };
    const lock = createScrollLock(() => body);
    const a = lock.lock();
    const b = lock.lock();
    a();
    a();
    expect(lock.count()).toBe(1);
    expect(body.style.overflow).toBe("hidden");
    b();
    expect(body.style.overflow).toBe("");
  });

  it("does nothing without a page (server render) but still counts", () => {
    const lock = createScrollLock(() => null);
    const release = lock.lock();
    expect(lock.count()).toBe(1);
    release();
    expect(lock.count()).toBe(0);
  });
});
