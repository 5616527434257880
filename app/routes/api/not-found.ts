import { handleApi, HttpError } from "~/server/core/http.server";

/** Any unknown /api/* path answers JSON, not the HTML 404 page. */
const notFound = () =>
  handleApi(async () => {
    throw new HttpError(404, "No API endpoint at this address.");
  });
export const loader = notFound;
export const action = notFound;
