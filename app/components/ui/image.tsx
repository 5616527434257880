import { useEffect, useRef, useState } from "react";

export const FALLBACK_IMAGE = "/images/fallback.svg";

/** An <img> that swaps to the fallback image when its source fails to load. */
export function ImageWithFallback({ src, alt, ...props }: React.ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened.
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, [src]);
  return <img ref={ref} src={failed ? FALLBACK_IMAGE : src} alt={alt} decoding="async" onError={() => setFailed(true)} {...props} />;
}
