import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FLASH_TOAST_KEY, queueFlashToast, takeFlashToast } from "../../app/lib/flash-toast";

/** A Storage with the browser's semantics, for the session storage the module uses. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

beforeEach(() => vi.stubGlobal("sessionStorage", memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe("toast kept across a full page load", () => {
  it("is shown once on the next page", () => {
    queueFlashToast({ message: "Impersonation ended successfully", type: "success" });
    expect(takeFlashToast()).toEqual({ message: "Impersonation ended successfully", type: "success" });
    expect(takeFlashToast()).toBeNull();
  });

  it("ignores a malformed entry", () => {
    sessionStorage.setItem(FLASH_TOAST_KEY, "{not json");
    expect(takeFlashToast()).toBeNull();
    sessionStorage.setItem(FLASH_TOAST_KEY, JSON.stringify({ message: "" }));
    expect(takeFlashToast()).toBeNull();
    sessionStorage.setItem(FLASH_TOAST_KEY, JSON.stringify({ message: "Hi", type: "bogus" }));
    expect(takeFlashToast()).toEqual({ message: "Hi", type: "success" });
  });
});
