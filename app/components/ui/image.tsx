import { useEffect, useRef, useState } from "react";

export const FALLBACK_IMAGE = "/images/fallback.svg";

/** An <img> that swaps to the fallback image when its source fails to load. */
export function ImageWithFallback({ src, alt, ...props }: React.ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // Once, after hydration: an image that failed before then fired its error event before React listened.
  // A later src is loaded while React listens, so onError sees its failure.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return <img ref={ref} src={failed ? FALLBACK_IMAGE : src} alt={alt} decoding="async" onError={() => setFailed(true)} {...props} />;
}

/**
 * A cover image: every article, practice and course cover is drawn at 16:9 (1200×675, so the page reserves its box
 * before it loads), and is decorative beside the title that names it.
 */
export function CoverImage({
  src,
  ...props
}: Omit<React.ImgHTMLAttributes<HTMLImageElement>, "alt" | "width" | "height"> & { src: string }) {
  return <ImageWithFallback src={src} alt="" width={1200} height={675} {...props} />;
}
