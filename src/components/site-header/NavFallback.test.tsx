import { render, screen, within } from "@testing-library/react";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { navigation, utilityLinks } from "../test-fixtures/navigation.ts";
import { NavFallback } from "./NavFallback.tsx";

describe("NavFallback", () => {
  it("lists every section with all its links, as plain links with no buttons", () => {
    render(
      <StrictMode>
        <NavFallback navigation={navigation} utilityLinks={utilityLinks} />
      </StrictMode>,
    );
    const sections = screen.getByRole("navigation", { name: "All sections" });
    const items = within(sections).getAllByRole("listitem");
    const services = items.find((item) => item.firstElementChild?.textContent === "Services")!;
    expect(
      within(services)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual([
      "/services",
      "/services/sell-side",
      "/services/buy-side",
      "/services/capital-raising",
    ]);
    expect(within(sections).getByRole("link", { name: "Transactions" })).toBeInTheDocument();
    expect(within(sections).queryAllByRole("button")).toHaveLength(0);
  });

  it("lists the utility links and offers the search form", () => {
    render(<NavFallback navigation={navigation} utilityLinks={utilityLinks} searchQuery="debt" />);
    const utility = screen.getByRole("navigation", { name: "Utility" });
    expect(within(utility).getByRole("link", { name: "Contact" })).toHaveAttribute(
      "href",
      "/contact",
    );
    expect(screen.getByRole("search")).toHaveAttribute("action", "/search");
    expect(screen.getByRole("searchbox", { name: "Search this site" })).toHaveValue("debt");
  });
});
