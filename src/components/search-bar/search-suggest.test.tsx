import { screen, waitFor, within } from "@testing-library/dom";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MARK_END, MARK_START } from "../../rules/match-marks.ts";
import { catchSubmits } from "./catch-submits.ts";
import { enhanceSearchInput } from "./search-suggest.ts";
import type { SuggestItem } from "./suggest-state.ts";

const ITEMS: SuggestItem[] = [
  {
    kind: "deal",
    label: "Deal",
    title: `${MARK_START}Keystone${MARK_END} Networks Co.`,
    url: "/transactions/keystone-networks-co",
    detail: "Closed October 31, 2026 · $12.5 million",
  },
  {
    kind: "topic",
    label: "Topic",
    title: "Key <img src=x onerror=alert(1)> Employees",
    url: "/t/key",
    detail: null,
  },
  {
    kind: "article",
    label: "Article",
    title: "Keystone lessons",
    url: "/a/k",
    detail: "Published May 1, 2026",
  },
];

let requests: string[];
let reply: () => Response;
let undo: () => void;
const navigate = vi.fn<(url: string) => void>();

beforeEach(() => {
  requests = [];
  reply = () => Response.json({ items: ITEMS });
  vi.stubGlobal("fetch", async (url: string) => {
    requests.push(url);
    return reply();
  });
  document.body.innerHTML = `<form role="search"><label for="q">Search this site</label>
    <input id="q" type="search" name="q"><div id="host"></div></form>`;
  undo = enhanceSearchInput(
    document.getElementById("q") as HTMLInputElement,
    document.getElementById("host")!,
    navigate,
  );
});
afterEach(() => {
  undo();
  navigate.mockReset();
});

const field = () => screen.getByRole("combobox", { name: "Search this site" });
async function typeAndWait(text: string) {
  const user = userEvent.setup();
  await user.type(field(), text);
  await waitFor(() => expect(screen.getByRole("listbox", { name: "Suggestions" })).toBeVisible());
  return user;
}

describe("search suggestions", () => {
  it("lists what the site suggests after two letters, labelled, and says how many", async () => {
    const user = userEvent.setup();
    await user.type(field(), "k");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests).toEqual([]);
    await user.type(field(), "eys");
    await waitFor(() => expect(field()).toHaveAttribute("aria-expanded", "true"));
    expect(requests.at(-1)).toBe("/search/suggestions?q=keys");
    const options = within(screen.getByRole("listbox")).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "Deal Keystone Networks Co. Closed October 31, 2026 · $12.5 million",
      "Topic Key <img src=x onerror=alert(1)> Employees",
      "Article Keystone lessons Published May 1, 2026",
    ]);
    expect(options[0]!.querySelector("mark")?.textContent).toBe("Keystone");
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent(
      "3 suggestions. Use the Up and Down keys to choose one.",
    );
  });

  it("moves through the options with Down and Up, wrapping, and opens the chosen one on Enter", async () => {
    const user = await typeAndWait("keys");
    const options = screen.getAllByRole("option");
    await user.keyboard("{ArrowDown}");
    expect(field()).toHaveAttribute("aria-activedescendant", options[0]!.id);
    expect(options[0]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowUp}");
    expect(field()).toHaveAttribute("aria-activedescendant", options[2]!.id);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(options[1]).toHaveAttribute("aria-selected", "true");
    expect(options[0]).toHaveAttribute("aria-selected", "false");
    await user.keyboard("{Enter}");
    expect(navigate).toHaveBeenCalledWith("/t/key");
  });

  it("submits the search on Enter when no option is chosen", async () => {
    const user = await typeAndWait("keys");
    const sent = catchSubmits(screen.getByRole("search"));
    await user.keyboard("{Enter}");
    expect(sent).toEqual(["q=keys"]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("closes the list on Escape, keeping the key from anything else", async () => {
    const user = await typeAndWait("keys");
    const heard: boolean[] = [];
    document.addEventListener("keydown", (event) => heard.push(event.defaultPrevented));
    await user.keyboard("{ArrowDown}{Escape}");
    expect(field()).toHaveAttribute("aria-expanded", "false");
    expect(field()).not.toHaveAttribute("aria-activedescendant");
    expect(screen.queryByRole("listbox")).toBeNull();
    await user.keyboard("{Escape}");
    expect(heard.slice(-2)).toEqual([true, false]);
  });

  it("opens an option clicked, and keeps focus in the field meanwhile", async () => {
    const user = await typeAndWait("keys");
    await user.click(screen.getAllByRole("option")[0]!);
    expect(navigate).toHaveBeenCalledWith("/transactions/keystone-networks-co");
    expect(field()).toHaveFocus();
  });

  it("says there are none, and leaves the list closed when the site does not answer", async () => {
    reply = () => Response.json({ items: [] });
    const user = userEvent.setup();
    await user.type(field(), "zz");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("No suggestions."));
    expect(field()).toHaveAttribute("aria-expanded", "false");
    reply = () => new Response("down", { status: 503 });
    await user.type(field(), "q");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(field()).toHaveAttribute("aria-expanded", "false");
  });
});
