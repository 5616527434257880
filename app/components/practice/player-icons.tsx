/** The player's icons (icons.tsx says why they are apart). */
import { type IconProps, Svg } from "../ui/icons";

export const PlayIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7 4l13 8-13 8z" fill="currentColor" />
  </Svg>
);
export const PauseIcon = (p: IconProps) => (
  <Svg {...p}>
    {/* Filled, without the shared outline: a 2-unit stroke would close the gap and draw one solid block. */}
    <path d="M6 4h4v16H6zM14 4h4v16h-4z" fill="currentColor" stroke="none" />
  </Svg>
);
export const VolumeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 9v6h4l5 4V5L8 9z" />
    <path d="M16 8.5a5 5 0 0 1 0 7M19 5.5a9 9 0 0 1 0 13" />
  </Svg>
);
export const MuteIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 9v6h4l5 4V5L8 9z" />
    <path d="M17 9l5 6M22 9l-5 6" />
  </Svg>
);
