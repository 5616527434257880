import { Link } from "react-router";
import { ArrowLeftIcon } from "../ui/icons";

/** The "… Not Found" panels on detail pages, with a link back to the list. */
export function ContentNotFound({
  title,
  message,
  backTo,
  backLabel,
}: {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-serif text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-muted-foreground">{message}</p>
      <Link to={backTo} className="mt-8 inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline">
        <ArrowLeftIcon className="h-4 w-4" />
        {backLabel}
      </Link>
    </section>
  );
}
