import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { LETTER_TAXA, renderWidget, stubApi } from "./test-fixtures.ts";
import { deferred, TAGS_TAXONOMY_ID, testConfig } from "../shared/test-service.ts";

const TOPIC_PATH =
  "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary/-in-tags/tags/";

const toolbar = () => screen.findByRole("toolbar", { name: "Topics by letter" });
const letter = (name: string) => screen.getByRole("button", { name });
const topicLinks = () =>
  within(screen.getByRole("list"))
    .getAllByRole("link")
    .map((a) => a.textContent);

beforeEach(() => window.history.replaceState(null, "", "/topics"));

describe("Topics A - Z", () => {
  it("says it is loading until the topics arrive", async () => {
    const gate = deferred();
    stubApi({ intercept: { "flat-taxa": (_url, answer) => gate.promise.then(answer) } });
    renderWidget();
    expect(screen.getByRole("status")).toHaveTextContent("Loading topics…");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    gate.release();
    await toolbar();
    expect(screen.queryByText("Loading topics…")).not.toBeInTheDocument();
  });

  it("asks for the Tags taxonomy, then its taxa, naming in $select each field it reads", async () => {
    const { fetch } = stubApi();
    renderWidget();
    await toolbar();
    const api = `${window.location.origin}/api/default`;
    const urls = new Set(fetch.mock.calls.map(([url]) => decodeURIComponent(String(url))));
    expect(urls).toEqual(
      new Set([
        `${api}/taxonomies?$select=Id,Name`,
        `${api}/flat-taxa?$select=Id,Title,Name,UrlName&$filter=TaxonomyId eq ${TAGS_TAXONOMY_ID}`,
      ]),
    );
  });

  it("lists only the Tags taxonomy's taxa, not another flat taxonomy's", async () => {
    stubApi();
    const { user } = renderWidget();
    await user.click(within(await toolbar()).getByRole("button", { name: "B" }));
    expect(topicLinks()).toEqual(["Banking", "Board Governance", "Buy-side Advisory"]);
  });

  it("finds the Tags taxonomy by its name without regard to case", async () => {
    stubApi();
    renderWidget(testConfig({ tagsTaxonomy: "TAGS" }));
    expect(await toolbar()).toBeInTheDocument();
  });

  it("calls the configured web service and links to its site when embedded elsewhere", async () => {
    const { fetch } = stubApi({ base: "https://firm.example/api/firm" });
    renderWidget(
      testConfig({ apiBase: "https://firm.example/api/firm", siteBase: "https://firm.example" }),
    );
    await toolbar();
    const urls = fetch.mock.calls.map(([url]) => String(url));
    expect(urls.every((url) => url.startsWith("https://firm.example/api/firm/"))).toBe(true);
    expect(screen.getByRole("link", { name: "Acquisitions" })).toHaveAttribute(
      "href",
      `https://firm.example${TOPIC_PATH}acquisitions`,
    );
  });

  it("is titled Topics A - Z", async () => {
    stubApi();
    renderWidget();
    expect(screen.getByRole("heading", { name: "Topics A - Z", level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "Topics A - Z" })).toBeInTheDocument();
  });

  it("shows 26 letter buttons and a # button for topics that start with a digit", async () => {
    stubApi();
    renderWidget();
    const buttons = within(await toolbar()).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual([..."ABCDEFGHIJKLMNOPQRSTUVWXYZ#"]);
    expect(letter("# (digits and symbols)")).toHaveAccessibleDescription("1 topic");
  });

  it("has no # button when every topic starts with a letter", async () => {
    stubApi({ sets: { "flat-taxa": LETTER_TAXA } });
    renderWidget();
    expect(within(await toolbar()).getAllByRole("button")).toHaveLength(26);
    expect(screen.queryByRole("button", { name: /#/ })).not.toBeInTheDocument();
  });

  it("starts on A, pressed, listing the A topics", async () => {
    stubApi();
    renderWidget();
    await toolbar();
    expect(letter("A")).toHaveAttribute("aria-pressed", "true");
    expect(letter("B")).toHaveAttribute("aria-pressed", "false");
    expect(topicLinks()).toEqual(["Acquisitions"]);
    expect(screen.getByRole("status")).toHaveTextContent("1 topic under A");
  });

  it("lists the B topics in Name order, linked to their topic pages, when B is clicked", async () => {
    stubApi();
    const { user } = renderWidget();
    await toolbar();
    await user.click(letter("B"));
    expect(letter("B")).toHaveAttribute("aria-pressed", "true");
    expect(letter("A")).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("heading", { name: "B", level: 3 })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("3 topics under B");
    expect(topicLinks()).toEqual(["Banking", "Board Governance", "Buy-side Advisory"]);
    expect(screen.getByRole("link", { name: "Buy-side Advisory" })).toHaveAttribute(
      "href",
      `${TOPIC_PATH}buy-side-advisory`,
    );
    expect(screen.queryByRole("link", { name: "Bavaria" })).not.toBeInTheDocument();
  });

  it("lists an accented title under its plain letter: Énergie under E", async () => {
    stubApi();
    const { user } = renderWidget();
    await toolbar();
    await user.click(letter("E"));
    expect(topicLinks()).toEqual(["Earnouts", "Énergie", "ESG"]);
  });

  it("lists topics that start with a digit under #", async () => {
    stubApi();
    const { user } = renderWidget();
    await toolbar();
    await user.click(letter("# (digits and symbols)"));
    expect(topicLinks()).toEqual(["2025 Outlook"]);
  });

  it("encodes a topic's URL name in its link", async () => {
    stubApi();
    const { user } = renderWidget();
    await toolbar();
    await user.click(letter("M"));
    expect(topicLinks()).toEqual(["M&A Trends", "Mergers"]);
    expect(screen.getByRole("link", { name: "M&A Trends" })).toHaveAttribute(
      "href",
      `${TOPIC_PATH}m%26a-trends`,
    );
  });

  it("says No 'Q' topics found. for a letter without topics, which stays clickable", async () => {
    stubApi();
    const { user } = renderWidget();
    await toolbar();
    expect(letter("Q")).toHaveAccessibleDescription("No topics");
    expect(letter("Q")).toBeEnabled();
    await user.click(letter("Q"));
    expect(screen.getByRole("status")).toHaveTextContent("No 'Q' topics found.");
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("tells on each letter button how many topics it has", async () => {
    stubApi();
    renderWidget();
    await toolbar();
    expect(letter("A")).toHaveAccessibleDescription("1 topic");
    expect(letter("B")).toHaveAccessibleDescription("3 topics");
    expect(letter("Z")).toHaveAccessibleDescription("No topics");
  });
});
