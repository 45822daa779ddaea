import { act, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SiteAlert as Alert } from "../../rules/site-alert.ts";
import { renderWithUser } from "../test-fixtures/render.tsx";
import { AlertBanner } from "./AlertBanner.tsx";
import { dismiss } from "./dismissal.ts";

const alert: Alert = {
  id: "2025-office-move",
  message: "Our London office has moved.",
  link: { title: "See the new address", url: "/contact" },
};

function renderBanner(shown: Alert = alert) {
  return renderWithUser(<AlertBanner alert={shown} />);
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe("AlertBanner", () => {
  it("shows the message and its link", () => {
    renderBanner();
    const banner = screen.getByRole("region", { name: "Alert" });
    expect(banner).toHaveTextContent("Our London office has moved. See the new address");
    expect(screen.getByRole("link", { name: "See the new address" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });

  it("shows markup in the message as text, never as HTML", () => {
    renderBanner({ id: "x", message: "<img src=x onerror=alert(1)> <b>Closed</b>", link: null });
    const banner = screen.getByRole("region", { name: "Alert" });
    expect(banner).toHaveTextContent("<img src=x onerror=alert(1)> <b>Closed</b>");
    expect(banner.querySelector("img, b")).toBeNull();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("disappears when its Close alert button is pressed", async () => {
    const { user } = renderBanner();
    const close = screen.getByRole("button", { name: "Close alert" });
    expect(close).toHaveClass("js-only");
    await user.click(close);
    expect(screen.queryByRole("region", { name: "Alert" })).not.toBeInTheDocument();
  });

  it("stays dismissed on the visitor's later pages", async () => {
    const { user, unmount } = renderBanner();
    await user.click(screen.getByRole("button", { name: "Close alert" }));
    unmount();
    renderBanner();
    expect(screen.queryByRole("region", { name: "Alert" })).not.toBeInTheDocument();
  });

  it("shows a new alert even after an earlier one was dismissed", () => {
    dismiss(localStorage, alert.id);
    renderBanner({ ...alert, id: "2026-results" });
    expect(screen.getByRole("region", { name: "Alert" })).toBeInTheDocument();
  });

  it("still closes on this page when storage refuses to save", async () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("Quota exceeded", "QuotaExceededError");
    });
    const { user } = renderBanner();
    await user.click(screen.getByRole("button", { name: "Close alert" }));
    expect(screen.queryByRole("region", { name: "Alert" })).not.toBeInTheDocument();
  });

  it("shows when storage cannot be read", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("Blocked", "SecurityError");
    });
    renderBanner();
    expect(screen.getByRole("region", { name: "Alert" })).toBeInTheDocument();
  });

  it("hides itself right after hydration when dismissed earlier, without a mismatch", async () => {
    const html = renderToString(<AlertBanner alert={alert} />);
    expect(html).toContain("Our London office has moved.");
    dismiss(localStorage, alert.id);
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = html;
    const recoverable: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <AlertBanner alert={alert} />, {
        onRecoverableError: (error) => recoverable.push(error),
      }),
    );
    expect(recoverable).toEqual([]);
    expect(container).toBeEmptyDOMElement();
    act(() => root.unmount());
    container.remove();
  });
});
