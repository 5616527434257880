import { Suspense, type ReactNode } from "react";
import { Await } from "react-router";
import { ErrorPanel } from "./error-panel";

/**
 * A part of the page that streams in after the shell: its skeleton first, then `children(value)` when
 * the loader's promise settles, or the red "Failed to load …" panel if it fails.
 */
export function Deferred<T>({
  data,
  fallback,
  failure,
  children,
}: {
  data: Promise<T>;
  fallback: ReactNode;
  /** What could not be loaded, as in "Failed to load {failure}. Please try again later." */
  failure: string;
  children: (value: T) => ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <Await resolve={data} errorElement={<ErrorPanel>{`Failed to load ${failure}. Please try again later.`}</ErrorPanel>}>
        {children}
      </Await>
    </Suspense>
  );
}
