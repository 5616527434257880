import { Link } from "react-router";
import type { Route } from "./+types/courses";
import { AdminPageHeader, UnderDevelopment } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";

/** No data: the loader makes navigating here ask the server, where the layout's middleware checks the session. */
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Courses", matches);

export default function AdminCourses() {
  return (
    <>
      <AdminPageHeader title="Course Management" description="Create and edit courses, modules, lessons and assessments." />
      <UnderDevelopment>
        Courses are loaded from the seed for now; the public list is at{" "}
        <Link to="/courses" className="text-primary underline underline-offset-4">
          /courses
        </Link>
        . Enrolment figures are on the dashboard.
      </UnderDevelopment>
    </>
  );
}
