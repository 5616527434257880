import { data } from "react-router";
import { NotFoundPanel } from "~/components/layout/not-found-panel";

// The loader always throws, so the root's ErrorBoundary renders the page and the root's meta gives
// its title ("Page Not Found | …"): React Router reads meta only up to the route that shows the error.
export function loader() {
  throw data(null, { status: 404 });
}

// Never rendered (see above), but a route without a component would be a resource route, answering
// the thrown 404 without the site's page around it.
export default function NotFound() {
  return <NotFoundPanel />;
}
