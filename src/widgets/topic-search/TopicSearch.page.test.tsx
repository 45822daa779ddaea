import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { testConfig } from "../shared/test-service.ts";
import { renderWidget, stubApi } from "./test-fixtures.ts";

// How the widget sits on a page whose own heading titles it (the firm's /topics).

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
    let isDown = true;
    stubApi({
      intercept: { "flat-taxa": (_url, answer) => (isDown ? new TypeError("offline") : answer()) },
    });
    const { user } = renderWidget(testConfig(), untitled);
    await screen.findByRole("alert");
    isDown = false;
    screen.getByRole("button", { name: "Try again" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("region", { name: "Topics A - Z" })).toHaveFocus();
  });
});
