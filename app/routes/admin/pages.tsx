/** /admin/pages: the editable pages, each with its last save; the legal documents are the owner's (app/site-routes.ts). */
import { Link } from "react-router";
import type { Route } from "./+types/pages";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTable } from "~/components/admin/admin-table";
import { roleMayUse } from "~/lib/admin-permissions";
import { formatShortDate } from "~/lib/format";
import { PAGE_KEYS, PAGE_TITLES, pageEditPath, pagePublicPath } from "~/lib/pages";
import { adminFrom } from "~/server/admin/guard.server";
import { getDb } from "~/server/core/db.server";
import { readPage } from "~/server/site/pages.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { role } = adminFrom(context);
  const db = getDb();
  const pages = await Promise.all(PAGE_KEYS.map((key) => readPage(db, key)));
  return {
    pages: pages.map(({ key, updatedAt, updatedBy }) => ({
      key,
      title: PAGE_TITLES[key],
      updatedAt,
      updatedBy,
      editable: roleMayUse(role, pageEditPath(key)),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Pages", matches);

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Pages"
        description="The home page's hero, poem and quote, About's mission and testimonials, and the legal documents (the owner's)."
      />
      <AdminTable caption="Editable pages" headings={["Page", "Last saved", "Public page"]}>
        {loaderData.pages.map((page) => (
          <tr key={page.key}>
            <td className="px-4 py-3 font-medium">
              {page.editable ? (
                <Link
                  to={pageEditPath(page.key)}
                  className="inline-flex min-h-11 items-center text-primary underline-offset-4 hover:underline"
                >
                  {page.title}
                </Link>
              ) : (
                <span>
                  {page.title} <span className="text-muted-foreground">(the owner edits it)</span>
                </span>
              )}
            </td>
            <td className="px-4 py-3 text-muted-foreground">
              {page.updatedAt ? formatShortDate(page.updatedAt) : "never"}
              {page.updatedBy ? ` by ${page.updatedBy}` : ""}
            </td>
            <td className="px-4 py-3">
              <a href={pagePublicPath(page.key)} className="inline-flex min-h-11 items-center underline underline-offset-4">
                {pagePublicPath(page.key)}
              </a>
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
