import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS } from "./filters.ts";
import { keyGroups } from "./industry-keys.ts";
import { searchForView, viewFromSearch, viewReducer } from "./view-state.ts";

/** A plain visit: empty filters, page 1, newest first. */
const INITIAL_VIEW = {
  draft: EMPTY_FILTERS,
  applied: EMPTY_FILTERS,
  page: 1,
  sort: { key: "date", direction: "descending" },
  searches: 0,
} as const;

describe("view state", () => {
  it("starts a plain visit with empty filters, page 1, newest first", () => {
    expect(viewFromSearch("")).toEqual(INITIAL_VIEW);
  });

  it("applies the draft only on submit, back on page 1", () => {
    const typed = viewReducer(
      { ...INITIAL_VIEW, page: 3 },
      {
        type: "draftChanged",
        draft: { ...EMPTY_FILTERS, text: "acme" },
      },
    );
    expect(typed.applied).toEqual(EMPTY_FILTERS);
    const submitted = viewReducer(typed, { type: "filterSubmitted" });
    expect(submitted.applied.text).toBe("acme");
    expect(submitted.page).toBe(1);
    expect(submitted.searches).toBe(1);
  });

  it("clears draft and applied filters but keeps the sort", () => {
    const sorted = viewReducer(INITIAL_VIEW, { type: "sortChanged", key: "client" });
    const searched = viewFromSearch("?q=acme&amount=5&sort=client&order=asc&page=2");
    const cleared = viewReducer(searched, { type: "filtersCleared" });
    expect(cleared.draft).toEqual(EMPTY_FILTERS);
    expect(cleared.applied).toEqual(EMPTY_FILTERS);
    expect(cleared.sort).toEqual(sorted.sort);
    expect(cleared.page).toBe(1);
  });

  it("writes the search to the URL and reads it back", () => {
    const state = viewFromSearch("?q=acme+corp&size=below&amount=50&sort=size&order=asc&page=2");
    expect(searchForView(state, "")).toBe(
      "?q=acme+corp&size=below&amount=50&sort=size&order=asc&page=2",
    );
    expect(viewFromSearch(searchForView(state, ""))).toEqual(state);
  });

  it("keeps the host page's own parameters", () => {
    const state = viewReducer(INITIAL_VIEW, { type: "pageChanged", page: 2 });
    expect(searchForView(state, "?lang=en&q=old")).toBe("?lang=en&page=2");
    expect(searchForView(INITIAL_VIEW, "?q=old&page=4")).toBe("");
  });

  it("restores the address's search on Back, but keeps the draft when only the fragment changed", () => {
    const searched = viewFromSearch("?q=acme&page=2");
    const typing = viewReducer(searched, {
      type: "draftChanged",
      draft: { ...searched.draft, text: "acme corp" },
    });
    expect(viewReducer(typing, { type: "locationRestored", search: "?q=acme&page=2" })).toBe(
      typing,
    );
    const back = viewReducer(typing, { type: "locationRestored", search: "?q=beta" });
    expect(back.applied.text).toBe("beta");
    expect(back.draft.text).toBe("beta");
    expect(back.page).toBe(1);
    expect(back.searches).toBe(typing.searches + 1);
  });

  describe("industry groups in the address", () => {
    const HEALTH = "a0000000-0000-4000-8000-000000000001";
    const TECH = "a0000000-0000-4000-8000-000000000002";
    const groups = keyGroups(
      [
        { id: HEALTH, title: "Healthcare" },
        { id: TECH, title: "Technology" },
      ],
      [
        { Id: HEALTH, UrlName: "healthcare" },
        { Id: TECH, UrlName: "technology" },
      ],
    );
    const loaded = (search: string) =>
      viewReducer(viewFromSearch(search), { type: "groupsLoaded", groups });

    it("names the ticked groups by UrlName", () => {
      const state = loaded("?industry=technology&industry=healthcare");
      expect(state.applied.industries).toEqual(["healthcare", "technology"]);
      expect(searchForView(state, "")).toBe("?industry=healthcare&industry=technology");
    });

    it("reads a link shared with the groups' Ids and writes it back with UrlNames", () => {
      const state = loaded(`?q=acme&industry=${TECH.toUpperCase()}&industry=${HEALTH}&page=2`);
      expect(state.draft.industries).toEqual(["healthcare", "technology"]);
      expect(state.applied.industries).toEqual(["healthcare", "technology"]);
      expect(state.page).toBe(2);
      expect(searchForView(state, "")).toBe(
        "?q=acme&industry=healthcare&industry=technology&page=2",
      );
    });

    it("drops a group that no longer exists", () => {
      expect(loaded("?industry=gone&industry=technology").applied.industries).toEqual([
        "technology",
      ]);
    });

    it("keeps the same state when the address already names the groups by UrlName", () => {
      const state = loaded("?industry=technology");
      expect(viewReducer(state, { type: "groupsLoaded", groups })).toBe(state);
    });
  });
});
