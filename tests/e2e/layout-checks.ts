/**
 * The layout checks every public page must pass (docs/seo-and-accessibility.md, "Layout checks"), run in the page:
 * - no horizontal overflow: `document.documentElement.scrollWidth <= innerWidth`;
 * - every text field (input other than checkbox, radio, range, hidden; textarea; select) at least 40 px tall;
 * - every tap target at least 44×44 px. Tap targets are buttons, selects, summaries, and links that are not inline
 *   text links. A link is an inline text link, and exempt (WCAG 2.5.8's inline exception), when it is in article prose,
 *   or its computed display is `inline` and its nearest block ancestor holds other text besides it (a sentence). A link
 *   alone in its list item (menus, footer columns) or laid out as a block or flex item counts.
 * - no two tap targets or fields overlapping (their boxes intersecting by more than 1 px), unless one contains the other.
 * Hidden elements (not rendered, `visibility: hidden`, or the 1×1 px clip of `sr-only`) are skipped.
 */
import type { Page } from "playwright-core";

export const TEXT_FIELD_MIN_HEIGHT = 40;
export const TAP_TARGET_MIN = 44;

export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ fieldMin, tapMin }) => {
      const problems: string[] = [];
      const describe = (element: Element) => {
        const label = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        const id = element.id ? `#${element.id}` : "";
        return `<${element.tagName.toLowerCase()}${id}> "${label}"`;
      };
      const visible = (element: Element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return style.visibility !== "hidden" && style.display !== "none" && box.width > 1 && box.height > 1;
      };
      const box = (element: Element) => {
        const rect = element.getBoundingClientRect();
        return { left: rect.left + scrollX, top: rect.top + scrollY, right: rect.right + scrollX, bottom: rect.bottom + scrollY };
      };

      if (document.documentElement.scrollWidth > innerWidth) {
        problems.push(`horizontal overflow: the page is ${document.documentElement.scrollWidth} px wide in a ${innerWidth} px viewport`);
      }

      const fields = [...document.querySelectorAll("input, textarea, select")].filter(
        (element) => !["hidden", "checkbox", "radio", "range"].includes((element as HTMLInputElement).type) && visible(element),
      );
      for (const field of fields) {
        const height = field.getBoundingClientRect().height;
        if (height < fieldMin) problems.push(`text field ${describe(field)} is ${Math.round(height)} px tall (< ${fieldMin})`);
      }

      /** A link in running text: in article prose, or displayed inline in a block that has other text besides it. */
      const inlineTextLink = (link: Element) => {
        if (link.closest(".article-body")) return true;
        if (getComputedStyle(link).display !== "inline") return false;
        let block = link.parentElement;
        while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
        return (block?.textContent ?? "").trim().length > (link.textContent ?? "").trim().length;
      };
      const targets = [...document.querySelectorAll("a[href], button, select, summary, [role='button']")].filter(
        (element) => visible(element) && !(element.tagName === "A" && inlineTextLink(element)),
      );
      for (const target of targets) {
        const rect = target.getBoundingClientRect();
        if (rect.width < tapMin - 0.5 || rect.height < tapMin - 0.5) {
          problems.push(
            `tap target ${describe(target)} is ${Math.round(rect.width)}×${Math.round(rect.height)} px (< ${tapMin}×${tapMin})`,
          );
        }
      }

      const controls = [...targets, ...fields];
      for (const [i, a] of controls.entries()) {
        for (const b of controls.slice(i + 1)) {
          if (a.contains(b) || b.contains(a)) continue;
          const [p, q] = [box(a), box(b)];
          const overlapX = Math.min(p.right, q.right) - Math.max(p.left, q.left);
          const overlapY = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
          if (overlapX > 1 && overlapY > 1) problems.push(`${describe(a)} overlaps ${describe(b)}`);
        }
      }
      return problems;
    },
    { fieldMin: TEXT_FIELD_MIN_HEIGHT, tapMin: TAP_TARGET_MIN },
  );
}
