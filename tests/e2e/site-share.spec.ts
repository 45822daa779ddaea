import type { Locator, Page } from "@playwright/test";
import {
  ARTICLES,
  articlesNewestFirst,
  articleUrl,
  axeViolations,
  expect,
  expectHydrated,
  tabTo,
  test,
  topicUrl,
} from "./fixtures.ts";
import { type ClipboardWrite, watchClipboardWrites } from "../../tools/clipboard-writes.ts";

// The share block on articles and topic pages: copy link, email, LinkedIn, print.
const article = articlesNewestFirst()[3]!;
// Every behaviour on an article; on a topic page what differs (its own address and title).
const pages = [
  { kind: "an article", path: articleUrl(article.UrlName), title: article.Title, isFull: true },
  { kind: "a topic page", path: topicUrl("2026-outlook"), title: "2026 Outlook", isFull: false },
];

/** The link field has focus (so its selection shows) with the whole link selected. */
async function expectLinkSelected(field: Locator, url: string) {
  await expect(field).toBeFocused();
  expect(
    await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]),
  ).toEqual([0, url.length]);
}

/** Scrolls the share block into view and waits for it to hydrate (it loads when visible). */
async function shareBlock(page: Page) {
  const block = page.getByRole("region", { name: "Share this page" });
  await block.scrollIntoViewIfNeeded();
  await expectHydrated(block);
  return block;
}

for (const { kind, path, title, isFull } of pages) {
  test.describe(`share block on ${kind}`, () => {
    const mobileToo = { tag: isFull ? ["@mobile"] : [] };
    let clipboardWrites: () => Promise<ClipboardWrite[]>;
    test.beforeEach(async ({ page, site }) => {
      clipboardWrites = await watchClipboardWrites(page, site);
    });

    test(
      "Copy link selects the whole link in its field, copies it and confirms it",
      mobileToo,
      async ({ page, site }) => {
        await page.goto(`${site}${path}`);
        const block = await shareBlock(page);
        const field = block.getByRole("textbox", { name: "Link to this page" });
        await expect(field).toHaveValue(`${site}${path}`);
        await expect(block.getByRole("status")).toHaveText("");
        await block.getByRole("button", { name: "Copy link" }).focus();
        await page.keyboard.press("Enter");
        await expect(block.getByRole("status")).toHaveText("Link copied");
        await expect(block.getByText("Link copied")).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site}${path}`);
        expect(await clipboardWrites()).toEqual([{ text: `${site}${path}`, inPress: true }]);
        await expectLinkSelected(field, `${site}${path}`);
      },
    );

    if (isFull) {
      test("the confirmation goes away after a few seconds", async ({ page, site }) => {
        await page.clock.install();
        await page.goto(`${site}${path}`);
        const block = await shareBlock(page);
        await block.getByRole("button", { name: "Copy link" }).click();
        await expect(block.getByRole("status")).toHaveText("Link copied");
        await page.clock.runFor(2_000);
        await expect(block.getByRole("status")).toHaveText("Link copied");
        await page.clock.runFor(1_500);
        await expect(block.getByRole("status")).toHaveText("");
      });

      test(
        "a refused copy says so, leaves the link selected to copy by hand, and logs the error",
        mobileToo,
        async ({ page, site }) => {
          await page.addInitScript(() => {
            Clipboard.prototype.writeText = () =>
              Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
          });
          const errors: string[] = [];
          page.on("console", (message) => {
            if (message.type() === "error") errors.push(message.text());
          });
          await page.goto(`${site}${path}`);
          const block = await shareBlock(page);
          await block.getByRole("button", { name: "Copy link" }).click();
          await expect
            .poll(() => errors)
            .toEqual([expect.stringMatching(/^Could not copy the link.*Write permission denied/)]);
          await expect(block.getByRole("status")).toHaveText(
            "The link could not be copied. It is selected in the field above: copy it from there.",
          );
          await expect(block.getByText("Link copied")).toHaveCount(0);
          await expectLinkSelected(
            block.getByRole("textbox", { name: "Link to this page" }),
            `${site}${path}`,
          );
        },
      );

      test("Print opens the browser's print dialog", mobileToo, async ({ page, site }) => {
        await page.addInitScript(() => {
          const calls: unknown[] = [];
          Object.assign(window, { printCalls: calls });
          window.print = () => void calls.push(Date.now());
        });
        await page.goto(`${site}${path}`);
        const block = await shareBlock(page);
        const printCalls = () =>
          page.evaluate(() => (window as unknown as { printCalls: [] }).printCalls.length);
        expect(await printCalls()).toBe(0);
        await block.getByRole("button", { name: "Print" }).click();
        expect(await printCalls()).toBe(1);
      });
    }

    if (isFull) {
      test(
        "Copy link and Print work from the keyboard alone",
        mobileToo,
        async ({ page, site }) => {
          await page.addInitScript(() => {
            window.print = () => document.body.setAttribute("data-printed", "yes");
          });
          await page.goto(`${site}${path}`);
          const block = await shareBlock(page);
          await tabTo(page, block.getByRole("button", { name: "Copy link" }));
          await page.keyboard.press("Enter");
          await expect(block.getByRole("status")).toHaveText("Link copied");
          expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site}${path}`);
          await tabTo(page, block.getByRole("button", { name: "Print" }));
          await page.keyboard.press("Space");
          await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");
        },
      );

      test("prints the content only: no header, alert, breadcrumbs, share block or footer links", async ({
        page,
        site,
      }) => {
        await page.goto(`${site}${path}`);
        await page.emulateMedia({ media: "print" });
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await expect(page.locator(".prose").first()).toBeVisible();
        for (const hidden of [
          page.getByRole("banner", { includeHidden: true }),
          page.getByRole("region", { name: "Alert", includeHidden: true }),
          page.getByRole("navigation", { name: "Breadcrumb", includeHidden: true }),
          page.getByRole("region", { name: "Share this page", includeHidden: true }),
          page.locator(".site-footer__nav"),
        ]) {
          await expect(hidden).toBeAttached();
          await expect(hidden).toBeHidden();
        }
        await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
        await page.emulateMedia({ media: "screen" });
        await expect(page.getByRole("banner")).toBeVisible();
      });
    }

    test("the email and LinkedIn links carry the encoded page address", async ({ page, site }) => {
      await page.goto(`${site}${path}`);
      const block = page.getByRole("region", { name: "Share this page" });
      const url = `${site}${path}`;
      const email = block.getByRole("link", { name: "Share by email" });
      await expect(email).toHaveAttribute(
        "href",
        `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`,
      );
      const linkedIn = block.getByRole("link", { name: /Share on LinkedIn/ });
      await expect(linkedIn).toHaveAttribute(
        "href",
        `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
      );
      await expect(linkedIn).toHaveAttribute("target", "_blank");
      await expect(linkedIn).toHaveAttribute("rel", /noopener/);
    });

    // The confirmation state is the same on every page; the topic page has its own axe run.
    if (isFull) {
      test(
        "the share block with its confirmation has no accessibility violations",
        mobileToo,
        async ({ page, site }) => {
          await page.goto(`${site}${path}`);
          const block = await shareBlock(page);
          await block.getByRole("button", { name: "Copy link" }).click();
          await expect(block.getByText("Link copied")).toBeVisible();
          expect(await axeViolations(page)).toEqual([]);
        },
      );
    }
  });
}

test("the plain article listing has no share block", async ({ page, site }) => {
  await page.goto(`${site}${ARTICLES}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articles & Commentary");
  await expect(page.getByRole("region", { name: "Share this page" })).toHaveCount(0);
});
