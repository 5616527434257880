import { data } from "react-router";
import { NotFoundPanel } from "~/components/not-found-panel";
import { DEFAULT_SITE_NAME, pageTitle } from "~/lib/site";

export function loader() {
  throw data(null, { status: 404 });
}

export const meta = () => [{ title: pageTitle("Page Not Found", DEFAULT_SITE_NAME) }];

export default function NotFound() {
  return <NotFoundPanel />;
}
