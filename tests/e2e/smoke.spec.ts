import { axeViolations, expect, test } from "./fixtures.ts";

test("the home page renders through Fastify and Astro with no accessibility violations", async ({
  page,
  site,
}) => {
  const response = await page.goto(`${site}/`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
