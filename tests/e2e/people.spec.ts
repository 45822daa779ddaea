import { axeViolations, baseUrl, demoContent, expect, test } from "./fixtures.ts";

// The firm's people on the leadership page: each can be written to and called, and each without
// a photo shows a monogram.
const people = demoContent().site.people ?? [];

test("the leadership page lists every person with their title and a way to reach them", async ({
  page,
}) => {
  expect(people.length).toBeGreaterThan(0);
  await page.goto(`${baseUrl()}/about/leadership`);
  const list = page.getByRole("region", { name: "Our people" });
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(people.map((p) => p.name));
  for (const person of people) {
    const card = list.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: person.name, exact: true }),
    });
    await expect(card).toContainText(person.title);
    await expect(card.getByRole("link", { name: person.email })).toHaveAttribute(
      "href",
      `mailto:${person.email}`,
    );
    await expect(card.getByRole("link", { name: person.phone })).toHaveAttribute(
      "href",
      `tel:${person.phone.startsWith("+") ? "+" : ""}${person.phone.replace(/\D/g, "")}`,
    );
    if (!person.photo) {
      const initials = person.name.split(" ").filter(Boolean);
      await expect(card.locator(".person__monogram")).toHaveText(
        `${initials[0]![0]}${initials.at(-1)![0]}`,
      );
    }
  }
  expect(await axeViolations(page)).toEqual([]);
});
