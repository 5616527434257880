import type { Route } from "./+types/admin.markdown-preview";
import { markdownPreviewSchema } from "~/lib/admin-schemas";
import { adminApi } from "~/server/admin/guard.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/core/http.server";
import { parseMarkdown } from "~/server/content/markdown.server";

/** POST /api/admin/markdown-preview `{ markdown }` → `{ blocks }`: the safe tree the article page renders. Admin only. */
export const action = ({ request, context }: Route.ActionArgs) =>
  adminApi(
    { request, context },
    async () => {
      if (request.method !== "POST") throw new HttpError(405, "Send the Markdown with a POST request.");
      const { markdown } = await readJsonBody(request, markdownPreviewSchema);
      return json({ blocks: parseMarkdown(markdown) });
    },
    { writes: false },
  );

export const loader = () =>
  handleApi(async () => {
    throw new HttpError(405, "Send the Markdown with a POST request.");
  });
