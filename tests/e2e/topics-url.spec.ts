import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// The selected letter lives in the address: a selection writes `#b`; `#c` and `?letter=c`
// open on c; Back and Forward step through the selections.

const widgetOf = (page: Page) => page.getByRole("region", { name: "Topics A - Z" });
const letter = (page: Page, name: string) =>
  page
    .getByRole("toolbar", { name: "Topics by letter" })
    .getByRole("button", { name, exact: true });

async function expectSelected(page: Page, name: string) {
  await expect(letter(page, name)).toHaveAttribute("aria-pressed", "true");
  await expect(
    page.getByRole("toolbar", { name: "Topics by letter" }).getByRole("button", { pressed: true }),
  ).toHaveCount(1);
  // An h2: on /topics the page's h1 titles the widget, which leaves out its own title.
  await expect(widgetOf(page).getByRole("heading", { level: 2 })).toHaveText(name);
}

test("selecting a letter writes it to the address as #b", async ({ page, site }) => {
  await page.goto(`${site}/topics`);
  await expectSelected(page, "A");
  await letter(page, "B").click();
  await expectSelected(page, "B");
  await expect(page).toHaveURL(`${site}/topics#b`);
});

test("opening #c, #C or ?letter=c selects C; an address naming no letter opens on A", async ({
  page,
  site,
}) => {
  for (const [address, selected] of [
    // In this order each address is a new document, not a hash change of the one before.
    ["/topics#c", "C"],
    ["/topics?letter=c", "C"],
    ["/topics#C", "C"],
    ["/topics?letter=nope#main", "A"],
  ] as const) {
    await test.step(address, async () => {
      await page.goto(`${site}${address}`);
      await expectSelected(page, selected);
    });
  }
});

test("Back and Forward restore the letters selected before, and a reload keeps the letter", async ({
  page,
  site,
}) => {
  await page.goto(`${site}/topics`);
  await expectSelected(page, "A");
  await letter(page, "B").click();
  await expectSelected(page, "B");
  await letter(page, "D").click();
  await expectSelected(page, "D");
  await expect(page).toHaveURL(`${site}/topics#d`);

  await page.goBack();
  await expect(page).toHaveURL(`${site}/topics#b`);
  await expectSelected(page, "B");
  await page.goBack();
  await expect(page).toHaveURL(`${site}/topics`);
  await expectSelected(page, "A");
  await page.goForward();
  await expectSelected(page, "B");
  await page.goForward();
  await expect(page).toHaveURL(`${site}/topics#d`);
  await expectSelected(page, "D");

  await page.reload();
  await expectSelected(page, "D");
});

test("a ?letter= address hands over to the hash once a letter is chosen", async ({
  page,
  site,
}) => {
  await page.goto(`${site}/topics?letter=c`);
  await expectSelected(page, "C");
  await letter(page, "F").click();
  await expect(page).toHaveURL(`${site}/topics?letter=c#f`);
  await page.reload();
  await expectSelected(page, "F");
  await page.goBack();
  await expectSelected(page, "C");
});
