/**
 * Owners and editors in the browser: the owner invites an editor, who accepts from the dev mailbox, edits an article and
 * is refused Orders; the owner changes a social link in Settings and the footer shows it.
 */
import { describe, expect, it } from "vitest";
import { expectAxeClean } from "./axe";
import { createArticle } from "./admin-api";
import { baseURL, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { awaitDevMail } from "./dev-mail";

type DevMail = { to: string; kind: string; subject: string; text: string };

const t = openPagePerTest();

/** The invitation link e-mailed to `to` (mail goes through the queue, so poll). */
async function invitationPath(to: string): Promise<string> {
  const invitation = /https?:\/\/\S+\/admin\/invite\/[A-Za-z0-9_-]{43}/;
  const mail = await awaitDevMail<DevMail>((each) => each.to === to && each.kind === "admin-invite" && invitation.test(each.text));
  return new URL(invitation.exec(mail.text)?.[0] as string).pathname;
}

describe("admin accounts", () => {
  it("the owner invites an editor; the editor accepts from /__dev/mail, edits an article, and is refused Orders", async () => {
    const email = "e2e-editor@example.com";
    await signInAsAdmin(t.page);
    // An article for the editor to edit (created as the owner, through the API the editor form uses).
    const id = await createArticle(
      t.page,
      {
        title: "Editor's draft",
        excerpt: "To be edited.",
        content: "## Start\n\nText.",
        category: "Psychology",
        readingTime: 4,
        authorId: 1,
      },
      { Origin: baseURL },
    );

    await gotoHydrated(t.page, "/admin/accounts");
    await t.page.getByLabel("E-mail").fill(email);
    await t.page.getByRole("button", { name: "Send invitation" }).click();
    await t.page.locator("[data-sonner-toast]").getByText(`Invitation sent to ${email}.`).waitFor();
    await t.page.getByText(email).first().waitFor();

    // Signed out, the invitee opens the mailbox and the link.
    await t.context.clearCookies();
    const path = await invitationPath(email);
    await gotoHydrated(t.page, "/__dev/mail");
    await t.page.getByText(`${baseURL}${path}`).first().waitFor();
    await gotoHydrated(t.page, path);
    await t.page.getByText(email).waitFor();
    // The a11y suite's rules, for the two pages outside its list: the invitation and the refusal.
    await expectAxeClean(t.page, { label: "the invitation" });
    await t.page.getByLabel(/^Password/).fill("an editor's long passphrase");
    await t.page.getByLabel("Repeat the password").fill("an editor's long passphrase");
    await t.page.getByRole("button", { name: "Set password and sign in" }).click();
    await t.page.waitForURL((url) => url.pathname === "/admin");
    await t.page.waitForSelector("html[data-hydrated]");

    // The nav has content and no Orders, Users, Accounts or Settings.
    const nav = t.page.getByRole("navigation", { name: "Admin" });
    await nav.getByRole("link", { name: "Articles" }).waitFor();
    for (const name of ["Orders", "Users", "Accounts", "Settings", "Audit log"])
      expect(await nav.getByRole("link", { name }).count(), name).toBe(0);

    const newTitle = "Edited by an editor";
    await gotoHydrated(t.page, `/admin/articles/${id}`);
    await t.page.getByLabel("Title").fill(newTitle);
    await t.page.getByRole("button", { name: "Save Changes" }).click();
    await t.page.locator("[data-sonner-toast]").getByText("Article has been updated successfully.").waitFor();

    const orders = await t.page.goto("/admin/orders");
    expect(orders?.status()).toBe(403);
    await t.page.getByRole("heading", { name: "Not available to your account" }).waitFor();
    await expectAxeClean(t.page, { label: "the refusal" });
    expect(t.pageErrors.filter((message) => !message.includes("Failed to load resource") && !message.includes("403"))).toEqual([]);

    // The owner sees both writes in the audit log, and the editor's account.
    await t.context.clearCookies();
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/audit");
    await t.page
      .getByRole("cell", { name: `/api/articles/${id}` })
      .first()
      .waitFor();
    await t.page
      .getByRole("row")
      .filter({ hasText: email })
      .filter({ hasText: `/api/articles/${id}` })
      .first()
      .waitFor();
  }, 120_000);

  it("the owner changes a social link in Settings and the footer shows it; an http:// link is refused", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/settings");
    const youtube = t.page.getByLabel("YouTube");
    await youtube.fill("https://www.youtube.com/@examined-e2e");
    await t.page.getByRole("button", { name: "Save settings" }).click();
    await t.page.locator("[data-sonner-toast]").getByText("Settings saved").waitFor();

    await gotoHydrated(t.page, "/about");
    const link = t.page.locator("footer").getByRole("link", { name: /YouTube/ });
    expect(await link.getAttribute("href")).toBe("https://www.youtube.com/@examined-e2e");

    await gotoHydrated(t.page, "/admin/settings");
    // The browser's own check would stop an http:// address; the server's answer is what is tested here.
    await t.page.evaluate(() => {
      for (const form of document.querySelectorAll("form")) form.noValidate = true;
    });
    await t.page.getByLabel("YouTube").fill("http://www.youtube.com/@examined-e2e");
    await t.page.getByRole("button", { name: "Save settings" }).click();
    await t.page.getByRole("alert").filter({ hasText: 'The field "YouTube" must be an https:// address' }).waitFor();
  }, 90_000);
});
