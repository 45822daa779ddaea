import { describe, expect, it } from "vitest";
import type { KeyValueStorage } from "./dismissal.ts";
import { dismiss, dismissalKey, isDismissed } from "./dismissal.ts";

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

const failing: KeyValueStorage = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
};

describe("alert dismissal", () => {
  it("remembers a dismissed alert by its id", () => {
    const storage = memoryStorage();
    expect(isDismissed(storage, "a1")).toBe(false);
    dismiss(storage, "a1");
    expect(isDismissed(storage, "a1")).toBe(true);
    expect(storage.data.get(dismissalKey("a1"))).toBe("1");
  });

  it("shows a new alert with a different id", () => {
    const storage = memoryStorage();
    dismiss(storage, "a1");
    expect(isDismissed(storage, "a2")).toBe(false);
  });

  it("treats failing or missing storage as not dismissed, without throwing", () => {
    expect(() => dismiss(failing, "a1")).not.toThrow();
    expect(isDismissed(failing, "a1")).toBe(false);
    expect(isDismissed(null, "a1")).toBe(false);
    expect(() => dismiss(null, "a1")).not.toThrow();
  });

  it("gives each alert its own key", () => {
    expect(dismissalKey("a1")).not.toBe(dismissalKey("a2"));
  });
});
