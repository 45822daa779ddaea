import { render, screen, within } from "@testing-library/react";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Breadcrumbs } from "./Breadcrumbs.tsx";

const items = [
  { title: "Home", url: "/" },
  { title: "Articles", url: "/latest-articles-commentary" },
  { title: "Healthcare", url: "/latest-articles-commentary/-in-tags/tags/healthcare" },
];

describe("Breadcrumbs", () => {
  it("lists the trail in order in a Breadcrumb navigation", () => {
    render(
      <StrictMode>
        <Breadcrumbs items={items} />
      </StrictMode>,
    );
    const nav = screen.getByRole("navigation", { name: "Breadcrumb" });
    const list = within(nav).getByRole("list");
    expect(list.tagName).toBe("OL");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Home", "Articles", "Healthcare"]);
    expect(within(nav).getByRole("link", { name: "Articles" })).toHaveAttribute(
      "href",
      "/latest-articles-commentary",
    );
  });

  it("marks the last item as the current page, not a link", () => {
    render(<Breadcrumbs items={items} />);
    const nav = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(nav).queryByRole("link", { name: "Healthcare" })).not.toBeInTheDocument();
    expect(within(nav).getByText("Healthcare")).toHaveAttribute("aria-current", "page");
    expect(within(nav).getAllByRole("link")).toHaveLength(2);
  });

  it("shows an earlier item without a url as text", () => {
    render(
      <Breadcrumbs items={[{ title: "Home", url: "/" }, { title: "Topics" }, { title: "Debt" }]} />,
    );
    expect(screen.queryByRole("link", { name: "Topics" })).not.toBeInTheDocument();
    expect(screen.getByText("Topics")).not.toHaveAttribute("aria-current");
  });

  it("renders on the server with no script and nothing for an empty trail", () => {
    expect(renderToString(<Breadcrumbs items={items} />)).toContain('aria-current="page"');
    expect(renderToString(<Breadcrumbs items={[]} />)).toBe("");
  });
});
