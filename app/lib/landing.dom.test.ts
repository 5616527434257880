/**
 * The document's landing boot script (app/lib/landing.ts) in a DOM: it keeps a tagged landing, and fills a plain form's
 * empty `landing` field with it on submit (the article-end signup), leaving other forms and filled fields alone.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { LANDING_STORAGE_KEY, landingBootScript } from "./landing";

type HappyWindow = Window & { happyDOM: { setURL: (url: string) => void } };

const submit = (form: HTMLFormElement) => form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));

describe("the landing boot script", () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = "";
  });

  it("fills a plain form's empty landing field with the tab's landing when it is submitted", () => {
    (window as unknown as HappyWindow).happyDOM.setURL("https://theexaminedlife.org/articles/1?utm_source=mastodon&utm_campaign=spring");
    new Function(landingBootScript)();
    expect(sessionStorage.getItem(LANDING_STORAGE_KEY)).toBe(JSON.stringify(["?utm_source=mastodon&utm_campaign=spring", ""]));

    document.body.innerHTML = `
      <form id="end"><input type="hidden" name="landing"><input name="email"></form>
      <form id="filled"><input type="hidden" name="landing" value="kept"></form>
      <form id="other"><input name="email"></form>`;
    const end = document.getElementById("end") as HTMLFormElement;
    submit(end);
    expect((end.elements.namedItem("landing") as HTMLInputElement).value).toBe(
      JSON.stringify(["?utm_source=mastodon&utm_campaign=spring", ""]),
    );
    const filled = document.getElementById("filled") as HTMLFormElement;
    submit(filled);
    expect((filled.elements.namedItem("landing") as HTMLInputElement).value).toBe("kept");
    const other = document.getElementById("other") as HTMLFormElement;
    expect(() => submit(other)).not.toThrow();
    expect(other.elements.namedItem("landing")).toBeNull();
  });
});
