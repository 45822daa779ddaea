import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithUser } from "../test-fixtures/render.tsx";
import { ShareBlock } from "./ShareBlock.tsx";
import { CONFIRMATION_MS } from "./use-share-actions.ts";

const url = "https://meridian.example/latest-articles-commentary/m&a-outlook-2025";
const title = "M&A outlook: 2025 & beyond";

function renderShare(options?: Parameters<typeof userEvent.setup>[0]) {
  const { user } = renderWithUser(<ShareBlock url={url} title={title} />, options);
  return { user, field: screen.getByRole("textbox", { name: "Link to this page" }) };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("ShareBlock", () => {
  it("shows the page address in a labelled read-only field", () => {
    const { field } = renderShare();
    expect(screen.getByRole("region", { name: "Share this page" })).toBeInTheDocument();
    expect(field).toHaveValue(url);
    expect(field).toHaveAttribute("readonly");
  });

  it("Copy link copies the address and says so, keeping focus on the button", async () => {
    renderShare();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    const copy = screen.getByRole("button", { name: "Copy link" });
    expect(copy).toHaveClass("js-only");
    await user.click(copy);
    expect(copy).toHaveFocus();
    expect(writeText).toHaveBeenCalledWith(url);
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
    expect(await screen.findByRole("status")).toHaveTextContent("Link copied");
  });

  it("clears the confirmation after a few seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderShare({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Link copied")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(CONFIRMATION_MS - 100));
    expect(screen.getByRole("status")).toHaveTextContent("Link copied");
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("says when the clipboard refused the copy, and where to copy by hand, keeping focus", async () => {
    const { user } = renderShare();
    const failure = new DOMException("Write permission denied", "NotAllowedError");
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(failure);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const copy = screen.getByRole("button", { name: "Copy link" });
    await user.click(copy);
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalledWith(expect.any(String), failure));
    expect(screen.getByRole("status")).toHaveTextContent(
      "The link could not be copied. Select it in the field above and copy it.",
    );
    expect(screen.getByRole("status")).not.toHaveTextContent("Link copied");
    expect(copy).toHaveFocus();
  });

  it("Print opens the browser's print dialog", async () => {
    const { user } = renderShare();
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    await user.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("shares by email with the title as subject and the address as body, encoded", () => {
    renderShare();
    expect(screen.getByRole("link", { name: "Share by email" })).toHaveAttribute(
      "href",
      "mailto:?subject=M%26A%20outlook%3A%202025%20%26%20beyond&body=https%3A%2F%2Fmeridian.example%2Flatest-articles-commentary%2Fm%26a-outlook-2025",
    );
  });

  it("shares on LinkedIn in a new tab, and says so", () => {
    renderShare();
    const linkedIn = screen.getByRole("link", { name: "Share on LinkedIn (opens in a new tab)" });
    expect(linkedIn).toHaveAttribute(
      "href",
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    );
    expect(linkedIn).toHaveAttribute("target", "_blank");
    expect(linkedIn).toHaveAttribute("rel", "noopener noreferrer");
  });
});
