import { LinkButton } from "~/components/ui/button";

/** The way back to the course list from a page that has nothing to show (an error panel's action). */
export function BackToCourses({ children = "Back to Courses" }: { children?: React.ReactNode }) {
  return (
    <LinkButton to="/courses" variant="outline">
      {children}
    </LinkButton>
  );
}
