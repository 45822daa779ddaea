import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { deferred, outage, testConfig } from "../shared/test-service.ts";
import { renderWidget, stubApi } from "./test-fixtures.ts";

// How the widget sits on a page whose own heading titles it (the firm's /topics), and how it
// keeps the room the page drew for it while it loads.

const untitled = { isTitled: false } as const;

beforeEach(() => window.history.replaceState(null, "", "/topics"));

describe("Topics A - Z on a page that titles it", () => {
  it("shows no title of its own, stays a region named Topics A - Z, and heads the letter with an h2", async () => {
    stubApi();
    renderWidget(testConfig(), untitled);
    expect(screen.getByRole("region", { name: "Topics A - Z" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Topics A - Z" })).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "A", level: 2 })).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "A" })).toBeInTheDocument();
  });

  it("moves keyboard focus to the region after Try again", async () => {
    const flatTaxa = outage(() => new TypeError("offline"));
    stubApi({ intercept: { "flat-taxa": flatTaxa.intercept } });
    const { user } = renderWidget(testConfig(), untitled);
    await screen.findByRole("alert");
    flatTaxa.recover();
    screen.getByRole("button", { name: "Try again" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("region", { name: "Topics A - Z" })).toHaveFocus();
  });
});

describe("Topics A - Z in a placeholder the page drew its shape in", () => {
  it("keeps that height while it loads, and lets go of it once the topics show", async () => {
    const gate = deferred();
    stubApi({ intercept: { "flat-taxa": (_url, answer) => gate.promise.then(answer) } });
    renderWidget(testConfig(), { ...untitled, reservedHeight: 321.5 });
    const region = screen.getByRole("region", { name: "Topics A - Z" });
    expect(region.style.minBlockSize).toBe("321.5px");
    gate.release();
    await screen.findByRole("toolbar", { name: "Topics by letter" });
    expect(region.style.minBlockSize).toBe("");
  });

  it("reserves nothing when the page drew nothing", () => {
    stubApi();
    renderWidget();
    expect(screen.getByRole("region", { name: "Topics A - Z" })).not.toHaveAttribute("style");
  });
});
