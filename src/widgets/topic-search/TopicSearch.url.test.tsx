import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWidget, stubApi } from "./test-fixtures.ts";

async function renderAt(address: string) {
  window.history.replaceState(null, "", address);
  stubApi();
  const { user } = renderWidget();
  await screen.findByRole("toolbar", { name: "Topics by letter" });
  return { user };
}

const pressed = () => screen.getByRole("button", { pressed: true });

// jsdom fires popstate/hashchange from a task, as browsers do.
async function navigate(step: () => void, event: "popstate" | "hashchange") {
  await act(async () => {
    const fired = new Promise((resolve) => window.addEventListener(event, resolve, { once: true }));
    step();
    await fired;
  });
}

describe("Topics A - Z and the address bar", () => {
  it("writes the selected letter into the address, one history entry per selection", async () => {
    const { user } = await renderAt("/topics");
    const before = window.history.length;
    expect(window.location.hash).toBe("");
    await user.click(screen.getByRole("button", { name: "B" }));
    expect(window.location.hash).toBe("#b");
    await user.click(screen.getByRole("button", { name: "B" }));
    expect(window.history.length).toBe(before + 1);
    await user.click(screen.getByRole("button", { name: "# (digits and symbols)" }));
    expect(window.location.hash).toBe("#%23");
  });

  it.each(["/topics#c", "/topics?letter=c", "/topics#C", "/topics?letter=a#c"])(
    "opens on C from the shared address %s",
    async (address) => {
      await renderAt(address);
      expect(pressed()).toHaveTextContent("C");
      expect(screen.getByRole("status")).toHaveTextContent("No 'C' topics found.");
    },
  );

  it("opens on the # topics from an address that names them", async () => {
    await renderAt("/topics#%23");
    expect(screen.getByRole("link", { name: "2025 Outlook" })).toBeInTheDocument();
  });

  it("opens on A from an address with a garbled letter", async () => {
    await renderAt("/topics?letter=%E0%A4%A#nonsense");
    expect(pressed()).toHaveTextContent("A");
  });

  it("restores the letter on Back and Forward", async () => {
    const { user } = await renderAt("/topics");
    await user.click(screen.getByRole("button", { name: "B" }));
    await user.click(screen.getByRole("button", { name: "M" }));
    await navigate(() => window.history.back(), "popstate");
    expect(pressed()).toHaveTextContent("B");
    expect(screen.getByRole("link", { name: "Banking" })).toBeInTheDocument();
    await navigate(() => window.history.back(), "popstate");
    expect(pressed()).toHaveTextContent("A");
    await navigate(() => window.history.forward(), "popstate");
    expect(pressed()).toHaveTextContent("B");
  });

  it("follows a letter typed into the address", async () => {
    await renderAt("/topics");
    await navigate(() => (window.location.hash = "#e"), "hashchange");
    expect(pressed()).toHaveTextContent("E");
  });

  it("changes only the hash on a page whose <base> points elsewhere", async () => {
    const base = document.head.appendChild(document.createElement("base"));
    base.href = "/static/";
    try {
      const { user } = await renderAt("/partner/page?x=1");
      await user.click(screen.getByRole("button", { name: "B" }));
      expect(window.location.pathname + window.location.search).toBe("/partner/page?x=1");
      expect(window.location.hash).toBe("#b");
    } finally {
      base.remove();
    }
  });

  it("keeps the letter when the page jumps to an unrelated anchor such as a skip link", async () => {
    const { user } = await renderAt("/topics");
    await user.click(screen.getByRole("button", { name: "B" }));
    await navigate(() => (window.location.hash = "#main"), "hashchange");
    expect(pressed()).toHaveTextContent("B");
  });
});
