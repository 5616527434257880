import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { attribute, tagWithId, textById } from "../../../tests/support/route-html";
import { CheckboxField, ErrorList, Field, FieldFrame, SelectField, TextareaField } from "./field";

const html = (node: React.ReactNode) => renderToString(node);

describe("<Field> and its kin", () => {
  it("a valid field: label for the control, the hint read with it, an empty live error line it does not point to yet", () => {
    const out = html(<Field label="Email" id="f-email" hint="We reply here." name="email" type="email" required />);
    expect(out).toMatch(/<label for="f-email"[^>]*>Email<\/label>/);
    expect(tagWithId(out, "f-email")).toMatch(/^<input /);
    expect(attribute(out, "f-email", "name")).toBe("email");
    expect(attribute(out, "f-email", "type")).toBe("email");
    expect(attribute(out, "f-email", "required")).toBe("");
    expect(attribute(out, "f-email", "aria-invalid")).toBe("false");
    expect(attribute(out, "f-email", "aria-describedby")).toBe("f-email-hint");
    expect(textById(out, "f-email-hint")).toBe("We reply here.");
    expect(attribute(out, "f-email-error", "aria-live")).toBe("polite");
    expect(textById(out, "f-email-error")).toBe("");
  });

  it("an invalid field: marked, described by its hint and then its error, the message in the line", () => {
    const out = html(<Field label="Email" id="f-email" hint="We reply here." error="Please enter a valid email address." name="email" />);
    expect(attribute(out, "f-email", "aria-invalid")).toBe("true");
    expect(attribute(out, "f-email", "aria-describedby")).toBe("f-email-hint f-email-error");
    expect(textById(out, "f-email-error")).toBe("Please enter a valid email address.");
  });

  it("an error line of another id, or one the form draws itself", () => {
    const own = html(<Field label="Name" id="contact-name" errorId="name-error" error="Please enter your name." />);
    expect(attribute(own, "contact-name", "aria-describedby")).toBe("name-error");
    expect(textById(own, "name-error")).toBe("Please enter your name.");

    const elsewhere = html(<Field label="Email" id="buyer-email" errorId="buyer-error" errorLine={false} error="Refused." />);
    expect(attribute(elsewhere, "buyer-email", "aria-invalid")).toBe("true");
    expect(attribute(elsewhere, "buyer-email", "aria-describedby")).toBe("buyer-error");
    expect(tagWithId(elsewhere, "buyer-error")).toBeUndefined();
  });

  it("no error line at all when the form reports its refusals as one alert", () => {
    const out = html(<Field label="Username" id="u" errorLine={false} />);
    expect(out).not.toContain("aria-live");
    expect(attribute(out, "u", "aria-describedby")).toBeNull();
  });

  it("an id of its own when none is given, shared by label, control and lines", () => {
    const out = html(<Field label="Title" hint="Shown as the heading." />);
    const id = out.match(/<label for="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(attribute(out, id!, "aria-describedby")).toBe(`${id}-hint`);
    expect(tagWithId(out, `${id}-error`)).toBeDefined();
  });

  it("an optional field says so in its label; classes go to the wrapper, the label and the control", () => {
    const out = html(
      <Field label="Subtitle" id="s" optional className="md:col-span-2" labelClassName="sr-only" controlClassName="w-72" name="subtitle" />,
    );
    expect(out).toMatch(/^<div class="md:col-span-2">/);
    expect(out).toMatch(
      /<label for="s" class="[^"]*sr-only">Subtitle<span class="font-normal text-muted-foreground"> \(optional\)<\/span><\/label>/,
    );
    expect(attribute(out, "s", "class")).toMatch(/\bh-10\b.*\bw-72$/);
  });

  it("textarea, select and a control of one's own are wired the same way", () => {
    const textarea = html(<TextareaField label="Message" id="m" error="Too long." rows={6} defaultValue="Hello" />);
    expect(tagWithId(textarea, "m")).toMatch(/^<textarea /);
    expect(attribute(textarea, "m", "aria-invalid")).toBe("true");
    expect(textById(textarea, "m")).toBe("Hello");

    const select = html(
      <SelectField label="Subject" id="sub" defaultValue="b">
        <option value="a">A</option>
        <option value="b">B</option>
      </SelectField>,
    );
    expect(tagWithId(select, "sub")).toMatch(/^<select /);
    expect(select).toContain('<option value="b" selected="">B</option>');

    const own = html(
      <FieldFrame label="Body" id="body" hint="Markdown." error="Required.">
        {(wired) => <textarea {...wired} name="body" />}
      </FieldFrame>,
    );
    expect(attribute(own, "body", "aria-describedby")).toBe("body-hint body-error");
    expect(attribute(own, "body", "aria-invalid")).toBe("true");
  });

  it("a checkbox: the label beside it, the hint and the error below the label", () => {
    const out = html(
      <CheckboxField label="Featured" id="feat" hint="On the home page." error="Not allowed." name="featured" defaultChecked />,
    );
    expect(attribute(out, "feat", "type")).toBe("checkbox");
    expect(attribute(out, "feat", "checked")).toBe("");
    expect(attribute(out, "feat", "aria-describedby")).toBe("feat-hint feat-error");
    expect(out.indexOf('id="feat"')).toBeLessThan(out.indexOf('<label for="feat"'));
    expect(textById(out, "feat-error")).toBe("Not allowed.");
  });
});

describe("<ErrorList>", () => {
  it("one message as text, several one per line, none as an empty live region", () => {
    expect(html(<ErrorList id="e" errors="Wrong." />)).toBe(
      '<p id="e" class="mt-1 min-h-5 text-sm text-destructive" aria-live="polite">Wrong.</p>',
    );
    const several = html(<ErrorList id="e" errors={["Too short.", null, "No digits.", undefined]} />);
    expect(several).toContain('<span class="block">Too short.</span><span class="block">No digits.</span>');
    expect(textById(html(<ErrorList id="e" errors={[null, ""]} />), "e")).toBe("");
  });
});
