import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { outage, SERVICE_FAILURES, type Reply } from "../shared/test-service.ts";
import { renderWidget, stubApi } from "./test-fixtures.ts";

beforeEach(() => window.history.replaceState(null, "", "/topics"));
afterEach(() => {
  vi.restoreAllMocks();
});

describe("Topics A - Z when the API fails", () => {
  it.each(SERVICE_FAILURES)(
    "says why when %s, and Try again recovers",
    async (_case, failure, message) => {
      const flatTaxa = outage(failure);
      stubApi({ sets: { "flat-taxa": [] }, intercept: { "flat-taxa": flatTaxa.intercept } });
      const { user } = renderWidget();
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent(message);
      expect(screen.queryByRole("toolbar")).not.toBeInTheDocument();
      flatTaxa.recover();
      await user.click(screen.getByRole("button", { name: "Try again" }));
      expect(await screen.findByRole("toolbar", { name: "Topics by letter" })).toBeInTheDocument();
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      expect(screen.getByRole("status")).toHaveTextContent("No 'A' topics found.");
    },
  );

  it("moves keyboard focus to the widget's heading after Try again, not to the page", async () => {
    const flatTaxa = outage(() => new TypeError("offline"));
    stubApi({ sets: { "flat-taxa": [] }, intercept: { "flat-taxa": flatTaxa.intercept } });
    const { user } = renderWidget();
    await screen.findByRole("alert");
    flatTaxa.recover();
    screen.getByRole("button", { name: "Try again" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("heading", { name: "Topics A - Z" })).toHaveFocus();
    await screen.findByRole("toolbar", { name: "Topics by letter" });
    expect(screen.getByRole("heading", { name: "Topics A - Z" })).toHaveFocus();
  });

  it("shows loading again while it tries again", async () => {
    let answer: (r: Reply) => void = () => {};
    let calls = 0;
    stubApi({
      intercept: {
        taxonomies: () =>
          ++calls <= 2 ? new TypeError("offline") : new Promise((r) => (answer = r)),
      },
    });
    const { user } = renderWidget();
    await user.click(await screen.findByRole("button", { name: "Try again" }));
    expect(screen.getByRole("status")).toHaveTextContent("Loading topics…");
    answer(new TypeError("still offline"));
    expect(await screen.findByRole("alert")).toHaveTextContent("The server could not be reached.");
  });

  it("says the topics are not available when the site has no Tags taxonomy, and why in the console", async () => {
    const console = vi.spyOn(globalThis.console, "error").mockImplementation(() => {});
    stubApi({ sets: { taxonomies: [] } });
    renderWidget();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The list of topics is not available on this site.",
    );
    expect(console).toHaveBeenCalledWith(
      expect.stringContaining('the web service has no taxonomy named "Tags"'),
    );
  });

  it.each([401, 403])(
    "says the web service refused anonymous access on %i, with the cause in the console",
    async (status) => {
      const console = vi.spyOn(globalThis.console, "error").mockImplementation(() => {});
      stubApi({ intercept: { taxonomies: () => new Response("", { status }) } });
      renderWidget();
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("The web service refused anonymous access.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
      expect(console).toHaveBeenCalledWith(expect.stringContaining(`answered ${status}`));
    },
  );

  it("stops its calls when it is removed from the page", async () => {
    const { fetch } = stubApi({
      intercept: { "flat-taxa": () => new Promise<Response>(() => {}) },
    });
    const { unmount } = renderWidget();
    unmount();
    const signals = fetch.mock.calls.map(([, init]) => init?.signal);
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((s) => s?.aborted)).toBe(true);
  });
});
