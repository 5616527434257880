/** The enrol page, as a buyer uses it: who pays first, then the card in the (emulated) Payment Element. */
import type { Frame, Page } from "playwright-core";

let buyers = 0;
/** An address no other buyer of this test file has (each file starts from the seeded database: fresh-state.ts). */
export function uniqueBuyer() {
  buyers += 1;
  return `learner-${buyers}@example.com`;
}

export async function enterBuyer(page: Page, email: string, name = "") {
  await page.getByLabel("Email address").fill(email);
  if (name) await page.getByLabel(/^Name/).fill(name);
  await page.getByRole("button", { name: "Continue to payment" }).click();
}

/** The emulator's Payment Element renders real, labelled inputs into the page (or a frame, like Stripe's). */
async function cardFields(page: Page): Promise<Page | Frame> {
  await page.getByRole("button", { name: "Complete Payment" }).waitFor();
  for (const frame of [page, ...page.frames()]) {
    if ((await frame.getByLabel("Card number").count()) > 0) return frame;
  }
  throw new Error("No card number field found");
}

export async function fillCard(page: Page, number: string) {
  const fields = await cardFields(page);
  await fields.getByLabel("Card number").fill(number);
  await fields.getByLabel("Expiration date").fill(`12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`);
  await fields.getByLabel("Security code").fill("123");
}

/** Everything from the enrol page to the success page, with card 4242. */
export async function buyCourse(page: Page, email: string, name = "") {
  await page.getByRole("heading", { name: "Complete Your Enrollment" }).waitFor();
  await enterBuyer(page, email, name);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Complete Payment" }).click();
  await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
}
