/** The article edit page in each of its states, as the server renders it: published, draft, scheduled, not found, refused. */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { FieldControl, SaveConflict } from "~/components/admin/content-form";
import { articleSpec } from "~/lib/content-types/article";
import { attribute, renderRoute, tagsWith, textById, textOf } from "../../../tests/support/route-html";
import type { Route } from "./+types/content-edit";
import EditContent from "./content-edit";

type EditData = Route.ComponentProps["loaderData"];

const ARTICLE = {
  id: 12,
  title: "On the Shortness of Life",
  excerpt: "Seneca on time.",
  content: "It is not that we have a short time to live, but that we waste a lot of it.",
  imageUrl: "/images/articles/article-1.svg",
  imageCaption: "",
  category: "Philosophy",
  readingTime: 8,
  author: "Lucius Annaeus Seneca",
  authorId: 1,
  featured: true,
  publishedDate: "2026-01-15",
  status: "published",
  publishAt: null,
  updatedAt: "2026-01-15T09:00:00.000Z",
};

const render = (item: Record<string, unknown> | null, subscribers: number | null = null, autosave: EditData["autosave"] = null) =>
  renderRoute("/admin/articles/12", {
    path: "/admin/articles/:id",
    Component: EditContent,
    loaderData: {
      type: "article",
      item: item as EditData["item"],
      options: {},
      extra: null,
      subscribers,
      traffic: null,
      autosave,
      timeZone: "",
      rights: { others: true, publish: true, deleteOwn: true, deleteAny: true },
      inReview: false,
      mayDelete: true,
      insightHref: null,
    } satisfies EditData,
  });

/** The texts of the page's buttons (not those of its closed confirmation dialogs). */
const buttons = (html: string) =>
  [...html.replace(/<dialog[\s\S]*?<\/dialog>/g, "").matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);

/** The id the form gave the field whose label starts with `label`. */
function fieldId(html: string, label: string) {
  const id = html.match(new RegExp(`<label for="([^"]+)"[^>]*>${label.replace(/[()]/g, "\\$&")}[^<]*<`))?.[1];
  if (!id) throw new Error(`no field labelled ${label}`);
  return id;
}

describe("article edit page", () => {
  it("offers back an autosave newer than the item (Restore, Discard), and has a polite status line for autosaves", async () => {
    const offer = { values: { title: "Typed, not saved" }, savedAt: "2026-01-16T10:42:00.000Z", baseVersion: ARTICLE.updatedAt };
    const html = await render(ARTICLE, null, offer);
    const text = textOf(html);
    expect(html).toContain("data-autosave-offer");
    expect(text).toMatch(/You have unsaved changes from \d\d:\d\d/);
    expect(buttons(html)).toEqual(expect.arrayContaining(["Restore", "Discard"]));
    expect(text).not.toContain("someone has saved the item since");
    // Nothing is filled in until Restore is chosen.
    expect(attribute(html, fieldId(html, "Title"), "value")).toBe(ARTICLE.title);
    expect(html).toMatch(/<p role="status" aria-live="polite"[^>]*data-autosave="clean"/);
    // Typed over an older version: it says so.
    const older = await render(ARTICLE, null, { ...offer, baseVersion: "2026-01-01T00:00:00.000Z" });
    expect(textOf(older)).toContain("someone has saved the item since");
    // No autosave: no notice.
    expect(await render(ARTICLE)).not.toContain("data-autosave-offer");
  });

  it("published: on the site now, View on site (no Preview), the form filled from the stored row, every field valid", async () => {
    const html = await render(ARTICLE);
    const text = textOf(html);
    expect(html).toMatch(/<h1[^>]*>Edit Article<\/h1>/);
    expect(text).toContain("#12 · changes show on the site as soon as they are saved");
    expect(html).toContain('href="/articles/12"');
    expect(text).toContain("View on site");
    expect(html).not.toContain('href="/admin/articles/12/preview"');
    expect(html).toContain('href="/admin/articles/12/history"');

    const title = fieldId(html, "Title");
    expect(attribute(html, title, "value")).toBe("On the Shortness of Life");
    expect(attribute(html, title, "required")).toBe("");
    expect(attribute(html, title, "aria-invalid")).toBe("false");
    expect(textById(html, `${title}-error`)).toBe("");
    expect(textById(html, fieldId(html, "Content"))).toBe(ARTICLE.content);
    expect(attribute(html, fieldId(html, "Reading time"), "value")).toBe("8");
    expect(attribute(html, fieldId(html, "Featured"), "checked")).toBe("");
    expect(attribute(html, fieldId(html, "Publication date"), "value")).toBe("2026-01-15");
    // A field with a hint is described by it; an optional one says so.
    const caption = fieldId(html, "Image caption");
    expect(attribute(html, caption, "aria-describedby")).toBe(`${caption}-hint`);
    expect(html).toMatch(/>Image caption<span class="font-normal text-muted-foreground"> \(optional\)<\/span><\/label>/);
    // The status is not a select: it is said, and changed by its buttons only (Unpublish, once published).
    expect(html).not.toContain('name="status"');
    expect(html).toContain('data-status-now="published"');
    expect(text).toContain("Status: Published");
    expect(buttons(html)).toEqual(expect.arrayContaining(["Save Changes", "Unpublish", "Delete"]));
    expect(buttons(html)).not.toContain("Publish");
    expect(buttons(html)).not.toContain("Schedule…");
    // A published item has no publish time to set.
    expect(html).not.toMatch(/>Publish at/);
    // The cover as a thumbnail, described by the title.
    expect(tagsWith(html, "img", 'src="/images/articles/article-1.svg"', 'data-thumbnail="imageUrl"')).toHaveLength(1);
    expect(html).toContain('alt="Cover of “On the Shortness of Life”"');
    // The stored reading time (8) is not the computed one (1): an override, kept in the field; the word count beside it.
    expect(text).toContain("19 words · 1 min to read (overridden: 8 min)");
    expect(html).not.toContain('data-testid="save-conflict"');
  });

  it("a stored reading time equal to the computed one reads back as empty (computed)", async () => {
    const html = await render({ ...ARTICLE, readingTime: 1 });
    expect(attribute(html, fieldId(html, "Reading time"), "value")).toBe("");
    expect(attribute(html, fieldId(html, "Reading time"), "placeholder")).toBe("1");
    expect(textOf(html)).toContain("19 words · 1 min to read (used when the field is empty)");
  });

  it("an unpublished article offers Publish and e-mail to subscribers (the loader counts them); a published one does not", async () => {
    expect(textOf(await render({ ...ARTICLE, status: "draft" }, 3))).toContain("Publish and e-mail to subscribers");
    expect(textOf(await render(ARTICLE))).not.toContain("Publish and e-mail");
  });

  it("draft: not on the site yet, no View on site link, but a preview; Save draft, Publish and Schedule…", async () => {
    const html = await render({ ...ARTICLE, status: "draft" });
    expect(textOf(html)).toContain("#12 · Draft: not on the site yet");
    expect(html).not.toContain('href="/articles/12"');
    expect(textOf(html)).not.toContain("View on site");
    expect(html).toContain('href="/admin/articles/12/preview"');
    expect(textOf(html)).toContain("Status: Draft");
    expect(html).not.toContain('name="status"');
    expect(buttons(html)).toEqual(expect.arrayContaining(["Save draft", "Publish", "Schedule…"]));
    expect(buttons(html)).not.toContain("Unpublish");
    // The confirmation dialog is closed until a button asks.
    expect(html).toMatch(/<dialog(?![^>]*\sopen)[^>]*>/);
  });

  it("scheduled: the time it goes out, in the header and the form; Publish, Schedule… and Unpublish", async () => {
    const html = await render({ ...ARTICLE, status: "scheduled", publishAt: "2026-12-01T09:00:00.000Z" });
    expect(textOf(html)).toContain("#12 · Scheduled for Dec 1, 2026, 09:00 UTC: not on the site yet");
    expect(attribute(html, fieldId(html, "Publish at"), "value")).toBe("2026-12-01T09:00");
    expect(buttons(html)).toEqual(expect.arrayContaining(["Save Changes", "Publish", "Schedule…", "Unpublish"]));
  });

  it("no such article: a not-found panel and the way back to the list, no form", async () => {
    const html = await render(null);
    expect(textOf(html)).toContain("Article Not Found");
    expect(textOf(html)).toContain("There is no article with this id; it may have been deleted.");
    expect(html).toContain('href="/admin/articles"');
    expect(html).not.toContain("<form");
  });
});

const CONFLICT =
  "Someone else saved this article after you opened it, so your changes were not saved (they are still in the form). Compare with the history, then reload and apply them again.";
/** The notice on the edit page (its history link needs a router). */
function ConflictOnPage() {
  return <SaveConflict message={CONFLICT} historyPath="/admin/articles/12/history" />;
}
const ConflictStub = createRoutesStub([{ path: "/admin/articles/12", Component: ConflictOnPage }]);

// A refusal comes back to the form's state after its fetch, which a server render never reaches: the parts that show
// it are rendered with it directly.
describe("article edit page: a save refused", () => {
  const titleSpec = articleSpec.fields.find((field) => field.name === "title")!;
  const noop = () => {};

  it("a validation error: the field marked invalid and described by the message, what was typed kept", () => {
    const html = renderToString(
      <FieldControl field={titleSpec} id="edit-title" value="   " error="Please enter a title." onChange={noop} />,
    );
    expect(attribute(html, "edit-title", "aria-invalid")).toBe("true");
    expect(attribute(html, "edit-title", "aria-describedby")).toBe("edit-title-error");
    expect(textById(html, "edit-title-error")).toBe("Please enter a title.");
    expect(attribute(html, "edit-title", "value")).toBe("   ");
  });

  it("a conflict (409): the server's message in an alert, with the history in a new tab", async () => {
    const html = renderToString(<ConflictStub initialEntries={["/admin/articles/12"]} />);
    expect(html).toMatch(/<div role="alert"[^>]*data-testid="save-conflict"><p>Someone else saved this article after you opened it/);
    expect(tagsWith(html, "a", 'href="/admin/articles/12/history"', 'target="_blank"', 'rel="noreferrer"')).toHaveLength(1);
    expect(textOf(html)).toContain("(opens in a new tab, so this form and what you typed stay here)");
  });
});
