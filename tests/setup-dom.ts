import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
});

// findBy… and waitFor give up after 1 s by default: on a busy machine (two test workers, other
// runs beside them) a widget can take longer than that to load and render its first page.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out, so it has no scrollIntoView; the real scrolling is checked in Chromium.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
