/**
 * Small inline SVG icons (no icon font, no network). All decorative: callers give the accessible name. Every public
 * page loads this module (the "ui" chunk of vite.config.ts); icons of one page or two live beside it
 * (player-icons.tsx, contact-icons.tsx), so other pages do not carry them.
 */
export type IconProps = { className?: string };

export function Svg({ className = "h-5 w-5", children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** An icon from its drawing: the shared outline (`Svg`) around it, its size from the caller's class. */
export function icon(drawing: React.ReactNode) {
  return (props: IconProps) => <Svg {...props}>{drawing}</Svg>;
}

export const MenuIcon = icon(<path d="M4 6h16M4 12h16M4 18h16" />);
export const CloseIcon = icon(<path d="M6 6l12 12M18 6L6 18" />);
export const SunIcon = icon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>,
);
export const MoonIcon = icon(<path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />);
export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-4.3-4.3" />
  </>,
);
export const ClockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const BookIcon = icon(
  <>
    <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5v14z" />
    <path d="M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5" />
  </>,
);
export const CompassIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M15.5 8.5l-2 5-5 2 2-5z" />
  </>,
);
export const ToolIcon = icon(<path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />);
export const LibraryIcon = icon(<path d="M4 4v16M8 4v16M12 4l4 16M18 4v16" />);
export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <Svg {...p}>
    <path
      d="M12 21s-7.5-4.6-9.5-9.1C1.1 8.6 3.2 5 6.7 5c2 0 3.5 1.1 4.3 2.6h2C13.8 6.1 15.3 5 17.3 5c3.5 0 5.6 3.6 4.2 6.9C19.5 16.4 12 21 12 21z"
      fill={filled ? "currentColor" : "none"}
    />
  </Svg>
);
export const ArrowLeftIcon = icon(<path d="M19 12H5M12 19l-7-7 7-7" />);
export const ExternalIcon = icon(<path d="M14 4h6v6M20 4l-9 9M19 14v6H4V5h6" />);
export function ResourceCategoryIcon({ name, className = "h-6 w-6 text-primary" }: { name: string; className?: string }) {
  if (name === "Classical Texts") return <BookIcon className={className} />;
  if (name === "Modern Guides" || name === "Modern Applications") return <CompassIcon className={className} />;
  if (name === "Practical Tools") return <ToolIcon className={className} />;
  return <LibraryIcon className={className} />;
}
