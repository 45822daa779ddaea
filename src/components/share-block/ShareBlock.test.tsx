import { readFileSync } from "node:fs";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithUser } from "../test-fixtures/render.tsx";
import { ShareBlock } from "./ShareBlock.tsx";
import { CONFIRMATION_MS } from "./use-share-actions.ts";

const url = "https://meridian.example/latest-articles-commentary/m&a-outlook-2025";
const title = "M&A outlook: 2025 & beyond";

function renderShare(options?: Parameters<typeof userEvent.setup>[0]) {
  const { user } = renderWithUser(<ShareBlock url={url} title={title} />, options);
  return { user, field: screen.getByRole("textbox", { name: "Link to this page" }) };
}

/** The field has focus (so its selection shows) with the whole link selected. */
function expectSelected(field: HTMLElement) {
  const input = field as HTMLInputElement;
  expect(input).toHaveFocus();
  expect([input.selectionStart, input.selectionEnd]).toEqual([0, url.length]);
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

  it("Copy link selects the whole link in its field, copies it and says so", async () => {
    const { field } = renderShare();
    const user = userEvent.setup();
    const copy = screen.getByRole("button", { name: "Copy link" });
    expect(copy).toHaveClass("js-only");
    await user.click(copy);
    expectSelected(field);
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

  it("says when the clipboard refused the copy, with the link left selected to copy by hand", async () => {
    const { user, field } = renderShare();
    const failure = new DOMException("Write permission denied", "NotAllowedError");
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(failure);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalledWith(expect.any(String), failure));
    expect(screen.getByRole("status")).toHaveTextContent(
      "The link could not be copied. It is selected in the field above: copy it from there.",
    );
    expect(screen.getByRole("status")).not.toHaveTextContent("Link copied");
    expectSelected(field);
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

// A press before the block hydrates: public/first-paint.js (run here as the page runs it)
// copies within the press, and the block reports the outcome once hydrated.
describe("ShareBlock pressed before it hydrates", () => {
  beforeAll(() => {
    // Read from the repository's root, where Vitest runs (jsdom gives import.meta.url no file).
    const script = readFileSync("public/first-paint.js", "utf8");
    new Function(script)();
  });

  /** The block as the server sends it, inside an island that has yet to hydrate. */
  function serverRendered() {
    const island = document.body.appendChild(document.createElement("astro-island"));
    island.setAttribute("ssr", "");
    island.innerHTML = renderToString(<ShareBlock url={url} title={title} />);
    return {
      island,
      field: within(island).getByRole("textbox", { name: "Link to this page" }),
      copy: within(island).getByRole("button", { name: "Copy link" }),
    };
  }

  async function hydrate(island: HTMLElement) {
    const root = await act(async () => hydrateRoot(island, <ShareBlock url={url} title={title} />));
    island.removeAttribute("ssr");
    return root;
  }

  afterEach(() => document.body.replaceChildren());

  it("copies within the press, selects the link, and says so once hydrated", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    const { island, field, copy } = serverRendered();
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith(url);
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
    expectSelected(field);
    const root = await hydrate(island);
    expect(await within(island).findByRole("status")).toHaveTextContent("Link copied");
    expect(writeText).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });

  it("says once hydrated that the clipboard refused the early copy", async () => {
    const user = userEvent.setup();
    const failure = new DOMException("Write permission denied", "NotAllowedError");
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(failure);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const { island, field, copy } = serverRendered();
    await user.click(copy);
    const root = await hydrate(island);
    expect(await within(island).findByRole("status")).toHaveTextContent(
      "The link could not be copied. It is selected in the field above: copy it from there.",
    );
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), failure);
    expectSelected(field);
    act(() => root.unmount());
  });
});
