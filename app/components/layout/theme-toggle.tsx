import { useEffect, useState } from "react";
import { applyTheme, readTheme, type Theme } from "~/lib/theme";
import { MoonIcon, SunIcon } from "../ui/icons";

export function ThemeToggle() {
  // The boot script already applied the stored theme; read it back after hydration.
  const [theme, setTheme] = useState<Theme>("light");
  useEffect(() => setTheme(readTheme()), []);

  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="inline-flex h-11 w-11 items-center justify-center rounded-md text-foreground hover:bg-muted"
      aria-label={`Switch to ${next} theme`}
      data-theme-current={theme}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
