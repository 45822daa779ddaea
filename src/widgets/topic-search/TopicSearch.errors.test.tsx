import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Reply } from "../shared/test-service.ts";
import { json, list, serveApi } from "./api-fixture.ts";
import { testConfig } from "../shared/test-service.ts";
import { TopicSearch } from "./TopicSearch.tsx";

beforeEach(() => window.history.replaceState(null, "", "/topics"));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderWidget() {
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <TopicSearch config={testConfig()} />
    </StrictMode>,
  );
  return { user, ...view };
}

describe("Topics A - Z when the API fails", () => {
  it.each<[string, () => Reply, string]>([
    [
      "the network fails",
      () => new TypeError("Failed to fetch"),
      "The server could not be reached.",
    ],
    [
      "the API answers an OData error",
      () => json({ error: { code: "BadRequest", message: "Unknown entity" } }, 400),
      "The server reported an error: Unknown entity",
    ],
    [
      "the API answers a Sitefinity error",
      () => json({ Message: "An error has occurred." }, 500),
      "The server reported an error: An error has occurred.",
    ],
    [
      "the API answers something that is not JSON",
      () => new Response("<html>Bad gateway</html>", { status: 502 }),
      "The server sent an unreadable answer (HTTP 502).",
    ],
  ])("says why when %s, and Try again recovers", async (_case, failure, message) => {
    let isDown = true;
    serveApi({ intercept: { "flat-taxa": () => (isDown ? failure() : list("flat-taxa", [])) } });
    const { user } = renderWidget();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(message);
    expect(screen.queryByRole("toolbar")).not.toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("toolbar", { name: "Topics by letter" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("No 'A' topics found.");
  });

  it("moves keyboard focus to the widget's heading after Try again, not to the page", async () => {
    let isDown = true;
    serveApi({
      intercept: { "flat-taxa": () => (isDown ? new TypeError("offline") : list("flat-taxa", [])) },
    });
    const { user } = renderWidget();
    await screen.findByRole("alert");
    isDown = false;
    screen.getByRole("button", { name: "Try again" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("heading", { name: "Topics A - Z" })).toHaveFocus();
    await screen.findByRole("toolbar", { name: "Topics by letter" });
    expect(screen.getByRole("heading", { name: "Topics A - Z" })).toHaveFocus();
  });

  it("shows loading again while it tries again", async () => {
    let answer: (r: Reply) => void = () => {};
    let calls = 0;
    serveApi({
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
    serveApi({ taxonomies: [] });
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
      serveApi({ intercept: { taxonomies: () => new Response("", { status }) } });
      renderWidget();
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("The web service refused anonymous access.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
      expect(console).toHaveBeenCalledWith(expect.stringContaining(`answered ${status}`));
    },
  );

  it("stops its calls when it is removed from the page", async () => {
    const fetch = serveApi({ intercept: { "flat-taxa": () => new Promise<Response>(() => {}) } });
    const { unmount } = renderWidget();
    unmount();
    const signals = fetch.mock.calls.map(([, init]) => init?.signal);
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((s) => s?.aborted)).toBe(true);
  });
});
