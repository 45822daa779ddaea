import type { Page } from "../content/site.ts";
import { isServicePage, pageOfService, serviceDealsPath, servicePages } from "./services.ts";

const page = (path: string, title: string): Page => ({ path, title, description: "", content: "" });
const PAGES = [
  page("/services", "Services"),
  page("/services/sell-side-advisory", "Sell-Side Advisory"),
  page("/about", "About"),
  page("/services/capital-raising", "Capital Raising"),
  page("/services/capital-raising/case-studies", "Capital Raising"),
];

describe("services", () => {
  it("are the pages one level under /services", () => {
    expect(servicePages(PAGES).map((p) => p.path)).toEqual([
      "/services/sell-side-advisory",
      "/services/capital-raising",
    ]);
    expect(isServicePage("/services/capital-raising")).toBe(true);
    expect(isServicePage("/services")).toBe(false);
  });

  it("match a deal's Service to its page by title, whatever the case and spaces", () => {
    expect(pageOfService(PAGES, " sell-side advisory")?.path).toBe("/services/sell-side-advisory");
    expect(pageOfService(PAGES, "Restructuring")).toBeNull();
    expect(pageOfService(PAGES, null)).toBeNull();
  });

  it("list all of a service's deals under its page", () => {
    expect(serviceDealsPath("/services/capital-raising")).toBe(
      "/services/capital-raising/transactions",
    );
  });
});
