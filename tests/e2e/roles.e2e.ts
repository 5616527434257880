/**
 * Roles in the browser (docs/admin.md, "Accounts and roles"): the owner invites a contributor, who accepts from the dev
 * mailbox, writes a draft and submits it for review, with no Publish button and no newsletter or subscribers in the nav;
 * the owner finds it "In review", publishes it, and the public page shows it.
 */
import { describe, expect, it } from "vitest";
import { expectAxeClean } from "./axe";
import { gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { awaitDevMail } from "./dev-mail";
import { preferMarkdownSource } from "./markdown-source";

type DevMail = { to: string; kind: string; text: string };

const t = openPagePerTest();
const toast = (text: string) => t.page.locator("[data-sonner-toast]").getByText(text);

/** The invitation link e-mailed to `to` (mail goes through the queue, so poll). */
async function invitationPath(to: string): Promise<string> {
  const invitation = /https?:\/\/\S+\/admin\/invite\/[A-Za-z0-9_-]{43}/;
  const mail = await awaitDevMail<DevMail>((each) => each.to === to && each.kind === "admin-invite" && invitation.test(each.text));
  return new URL(invitation.exec(mail.text)?.[0] as string).pathname;
}

describe("roles", () => {
  it("a contributor submits a draft for review; the owner publishes it", async () => {
    const email = "e2e-contributor@example.com";
    const title = "A contributor's first essay";

    // The body is typed as Markdown, in the editor's source mode.
    await preferMarkdownSource(t.page);
    // The owner invites a contributor.
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/accounts");
    await t.page.getByLabel("E-mail").fill(email);
    await t.page.getByLabel("Role", { exact: true }).selectOption("contributor");
    await t.page.getByRole("button", { name: "Send invitation" }).click();
    await toast(`Invitation sent to ${email}.`).waitFor();

    // Signed out, the invitee accepts.
    await t.context.clearCookies();
    await gotoHydrated(t.page, await invitationPath(email));
    await t.page.getByLabel(/^Password/).fill("a contributor's long passphrase");
    await t.page.getByLabel("Repeat the password").fill("a contributor's long passphrase");
    await t.page.getByRole("button", { name: "Set password and sign in" }).click();
    await t.page.waitForURL((url) => url.pathname === "/admin");
    await t.page.waitForSelector("html[data-hydrated]");

    // The nav has what a contributor writes, and no newsletter, subscribers, messages, media or analytics.
    const nav = t.page.getByRole("navigation", { name: "Admin" });
    await nav.getByRole("link", { name: "Articles" }).waitFor();
    for (const name of ["Newsletter", "Subscribers", "Messages", "Media", "Analytics", "Orders", "Accounts", "Settings"])
      expect(await nav.getByRole("link", { name, exact: true }).count(), name).toBe(0);
    await t.page.getByRole("heading", { name: "Your articles" }).waitFor();

    // A draft: no Publish or Schedule…, a "Submit for review" that asks first.
    await gotoHydrated(t.page, "/admin/articles/new");
    await t.page.getByLabel("Title").fill(title);
    await t.page.getByLabel("Excerpt").fill("Written by a contributor, published by the owner.");
    await t.page.getByLabel("Content", { exact: true }).fill("## Beginning\n\nA paragraph a contributor wrote.");
    await t.page.getByLabel("Image URL").fill("/images/articles/article-1.svg");
    await t.page.getByLabel("Author").selectOption({ label: "Samuel Okafor" });
    await t.page.getByRole("button", { name: "Save draft" }).click();
    await toast("Article has been saved as a draft.").waitFor();
    await t.page.waitForURL(/\/admin\/articles\/\d+$/);
    const id = Number(new URL(t.page.url()).pathname.split("/").pop());
    await t.page.getByText("Status: Draft").waitFor();
    for (const name of ["Publish", "Schedule…", "Unpublish", "Delete"])
      expect(await t.page.getByRole("button", { name, exact: true }).count(), name).toBe(0);
    expect(await t.page.getByLabel(/Publish at/).count()).toBe(0);
    await t.page.getByRole("button", { name: "Submit for review" }).click();
    const dialog = t.page.getByRole("dialog", { name: "Submit this article?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Submit", exact: true }).click();
    await toast("Article has been submitted for review.").waitFor();
    await t.page.getByText("Status: In review").waitFor();
    expect(await t.page.getByRole("button", { name: "Submit for review" }).count()).toBe(0);
    // Reloaded (the toast gone): still in review, and the page passes the a11y rules.
    await gotoHydrated(t.page, `/admin/articles/${id}`);
    await t.page.getByText("Status: In review").waitFor();
    await expectAxeClean(t.page, { label: "a contributor's draft in review" });

    // The newsletter is not theirs, whatever the nav shows.
    expect((await t.page.goto("/admin/newsletter"))?.status()).toBe(403);

    // The owner finds it in review (the list's filter), and publishes it.
    await t.context.clearCookies();
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/articles");
    await t.page.getByLabel(/In review only/).check();
    const row = t.page.locator(`[data-item-id="${id}"]`);
    await row.locator('[data-status="review"]').getByText("In review").waitFor();
    expect(await t.page.locator("[data-item-id]").count()).toBe(1);
    await gotoHydrated(t.page, `/admin/articles/${id}`);
    await t.page.getByText("Status: In review").waitFor();
    await t.page.getByRole("button", { name: "Publish", exact: true }).click();
    const publish = t.page.getByRole("dialog", { name: "Publish this article?" });
    await publish.getByRole("button", { name: "Publish", exact: true }).click();
    await toast("Article has been published.").waitFor();
    await t.page.getByText("Status: Published").waitFor();

    await gotoHydrated(t.page, `/articles/${id}`);
    await t.page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(t.pageErrors.filter((message) => !message.includes("Failed to load resource") && !message.includes("403"))).toEqual([]);
  }, 120_000);
});
