/** The player's icons (icons.tsx says why they are apart). */
import { icon } from "../ui/icons";

export const PlayIcon = icon(<path d="M7 4l13 8-13 8z" fill="currentColor" />);
export const PauseIcon = icon(
  <>
    {/* Filled, without the shared outline: a 2-unit stroke would close the gap and draw one solid block. */}
    <path d="M6 4h4v16H6zM14 4h4v16h-4z" fill="currentColor" stroke="none" />
  </>,
);
export const VolumeIcon = icon(
  <>
    <path d="M4 9v6h4l5 4V5L8 9z" />
    <path d="M16 8.5a5 5 0 0 1 0 7M19 5.5a9 9 0 0 1 0 13" />
  </>,
);
export const MuteIcon = icon(
  <>
    <path d="M4 9v6h4l5 4V5L8 9z" />
    <path d="M17 9l5 6M22 9l-5 6" />
  </>,
);
