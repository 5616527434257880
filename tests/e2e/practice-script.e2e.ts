/**
 * A practice's script is written in the visual editor (issue #29): its stage directions show in the editor as the
 * writer typed them, and the public page renders the script's Markdown without them. The test makes its own practice
 * and deletes it (the server and D1 are shared by every file).
 */
import { describe, expect, it } from "vitest";
import { baseURL, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";

const t = openPagePerTest();

describe("a practice's script", () => {
  it("is edited in the visual editor, and its page shows the Markdown without the stage directions", async () => {
    await signInAsAdmin(t.page);
    const response = await t.page.request.post(`${baseURL}/api/practices`, {
      data: {
        title: "A script in the visual editor",
        description: "A practice the browser test writes.",
        imageUrl: "/images/practices/practice-1.svg",
        category: "Meditation",
        duration: 5,
        focus: "Stillness",
        audioUrl: "/audio/practice-1.ogg",
        transcript: "Sit still. [pause]",
        status: "published",
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    try {
      await gotoHydrated(t.page, `/admin/practices/${id}`);
      await t.page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      const script = t.page.getByRole("textbox", { name: /^Transcript/ });
      expect(await script.getAttribute("contenteditable")).toBe("true");
      expect(await script.textContent()).toBe("Sit still. [pause]");

      await script.focus();
      await t.page.keyboard.press("ControlOrMeta+End");
      await t.page.keyboard.press("Enter");
      // "**…**" is bold as you type; the direction is typed as it will be heard.
      await t.page.keyboard.type("Now **rest** a while. [2 minutes of silence] Then open your eyes.");
      await script.locator("strong", { hasText: "rest" }).waitFor();
      const stored = t.page.locator('input[type="hidden"][name="transcript"]');
      // After an edit the editor writes brackets escaped: the server takes such directions out too.
      expect(await stored.inputValue()).toBe(
        "Sit still. \\[pause\\]\n\nNow **rest** a while. \\[2 minutes of silence\\] Then open your eyes.",
      );
      await t.page.getByRole("button", { name: "Save Changes" }).click();
      await t.page.getByText("Practice has been updated successfully.").first().waitFor();

      await gotoHydrated(t.page, `/practices/${id}`);
      const page = t.page.locator(".practice-script");
      expect(await page.locator("p").allTextContents()).toEqual(["Sit still.", "Now rest a while. Then open your eyes."]);
      expect(await page.locator("strong").textContent()).toBe("rest");
      expect(t.pageErrors).toEqual([]);
    } finally {
      expect((await t.page.request.delete(`${baseURL}/api/practices/${id}`)).status()).toBe(204);
    }
  }, 120_000);
});
