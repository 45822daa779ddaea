import type { Link, NavSection } from "../../content/site.ts";

/** Navigation shaped like the demo content, for the component tests. */
export const navigation: NavSection[] = [
  {
    title: "Services",
    url: "/services",
    children: [
      { title: "Sell-side advisory", url: "/services/sell-side" },
      { title: "Buy-side advisory", url: "/services/buy-side" },
      { title: "Capital raising", url: "/services/capital-raising" },
    ],
  },
  {
    title: "Industries",
    url: "/industries",
    children: [
      { title: "Healthcare", url: "/industries/healthcare" },
      { title: "Technology", url: "/industries/technology" },
    ],
  },
  { title: "Transactions", url: "/transactions", children: [] },
];

/** Utility links shaped like the demo content. */
export const utilityLinks: Link[] = [
  { title: "About us", url: "/about" },
  { title: "Careers", url: "/careers" },
  { title: "Contact", url: "/contact" },
];
