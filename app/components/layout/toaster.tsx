/**
 * Toasts without shipping the toast library with every page: sonner (about 9 kB gzip, most of the
 * app's own JavaScript budget) is imported when the first toast is shown, and its <Toaster> mounts
 * then. Sonner replays the toasts created before its Toaster subscribed, so none is lost meanwhile.
 */
import { useEffect, useState, type ComponentProps } from "react";
import type { ExternalToast, Toaster as SonnerToaster } from "sonner";

type Sonner = typeof import("sonner");
let sonner: Promise<Sonner> | null = null;
const whenLoaded = new Set<(module: Sonner) => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    sonner.then(
      (module) => {
        for (const mount of whenLoaded) mount(module);
      },
      () => {
        sonner = null; // a later toast tries again
      },
    );
  }
  return sonner;
}

/** The part of sonner's `toast` the site uses. */
export const toast = {
  success: (message: string, data?: ExternalToast) => void loadSonner().then((module) => module.toast.success(message, data)),
  error: (message: string, data?: ExternalToast) => void loadSonner().then((module) => module.toast.error(message, data)),
};

/** Sonner's <Toaster>, rendered once the first toast has loaded the library. */
export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  const [Loaded, setLoaded] = useState<typeof SonnerToaster | null>(null);
  useEffect(() => {
    const mount = (module: Sonner) => setLoaded(() => module.Toaster);
    whenLoaded.add(mount);
    sonner?.then(mount, () => {});
    return () => {
      whenLoaded.delete(mount);
    };
  }, []);
  return Loaded ? <Loaded {...props} /> : null;
}
