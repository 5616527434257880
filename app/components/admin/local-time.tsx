import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { browserTimeZone, formatInTimeZone, formatOwnerTime, utcToZonedInput } from "~/lib/time-zone";

/** The admin layout's route id (app/site-routes.ts), whose loader reads the owner's zone for every admin page. */
const ADMIN_LAYOUT_ID = "routes/admin/layout";

/** The owner's time zone from Settings, as the admin layout read it ("" for none: times are shown in UTC). */
export function useOwnerZone(): string {
  const layout = useRouteLoaderData(ADMIN_LAYOUT_ID) as { timeZone?: string } | undefined;
  return layout?.timeZone ?? "";
}

/** A stored instant in the owner's time zone, saying the zone ("Dec 1, 2026, 09:00 GMT+1"; UTC when none is set). */
export function OwnerTime({ iso, seconds = false }: { iso: string; seconds?: boolean }) {
  const zone = useOwnerZone();
  return <time dateTime={iso}>{formatOwnerTime(iso, zone, { seconds })}</time>;
}

/**
 * The browser's time zone: "UTC" on the server and in the first render (so hydration matches), the browser's own right
 * after. Without JavaScript the page stays in UTC and says so.
 */
export function useBrowserTimeZone() {
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(browserTimeZone()), []);
  return zone;
}

/** The owner's time zone: Settings' (`setting`), else the browser's (UTC until hydrated). */
export function useOwnerTimeZone(setting: string | undefined) {
  const browser = useBrowserTimeZone();
  return setting || browser;
}

/** A stored instant in the owner's time zone, naming the zone ("Dec 1, 2026, 09:00 GMT+1"). */
export function LocalTime({ iso }: { iso: string }) {
  // The owner's zone when Settings name one (the same on the server), else the browser's once hydrated.
  const owner = useOwnerZone();
  const browser = useBrowserTimeZone();
  const zone = owner || browser;
  return <time dateTime={iso}>{formatInTimeZone(iso, zone)}</time>;
}

/**
 * A date and time in the owner's time zone, for a form: the `datetime-local` (`name`) and a hidden `timeZone` with the
 * zone's IANA name, from which the server reads the UTC instant. The stored value (`iso`) is shown in that zone.
 */
export function ZonedDateTimeInput({ id, name, iso, label }: { id: string; name: string; iso: string | null; label: string }) {
  const zone = useBrowserTimeZone();
  const [value, setValue] = useState(() => utcToZonedInput(iso, "UTC"));
  // The zone is known after hydration: show the stored time in it (the owner's typing is left alone after that).
  useEffect(() => {
    if (zone !== "UTC") setValue(utcToZonedInput(iso, zone));
  }, [zone, iso]);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="datetime-local"
        required
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="h-10 w-64 rounded-md border border-input bg-background px-3 text-sm"
        aria-describedby={`${id}-zone`}
      />
      <input type="hidden" name="timeZone" value={zone} />
      <p id={`${id}-zone`} className="text-xs text-muted-foreground" data-testid="schedule-zone">
        Your time zone: {zone}
      </p>
    </div>
  );
}
