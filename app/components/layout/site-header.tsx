import { SEARCH_QUERY_MAX_CHARS } from "~/lib/search";
import { useSiteSettings } from "~/lib/site";
import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { CloseIcon, MenuIcon, SearchIcon } from "../ui/icons";
import { ThemeToggle } from "./theme-toggle";
import { useMenuOpen } from "./use-menu-open";

export const NAV_ITEMS = [
  { to: "/", label: "Home" },
  { to: "/articles", label: "Articles" },
  { to: "/practices", label: "Practices" },
  { to: "/courses", label: "Courses" },
  { to: "/resources", label: "Resources" },
  { to: "/recommended-reading", label: "Recommended Reading" },
  { to: "/about", label: "About" },
] as const;

/** The current section is highlighted by path prefix; "/" only matches itself. */
export function isCurrentSection(pathname: string, to: string) {
  if (to === "/") return pathname === "/";
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function SiteHeader() {
  const site = useSiteSettings();
  const { pathname } = useLocation();
  // Choosing a link (any navigation) closes the menu.
  const [menuOpen, setMenuOpen] = useMenuOpen();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useMenuFocus(menuOpen, setMenuOpen, menuRef, toggleRef);
  useSlashFocusesSearch(searchRef);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="inline-flex min-h-11 items-center font-serif text-xl font-semibold tracking-tight text-foreground">
          {site.name}
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="nav-link" aria-current={isCurrentSection(pathname, item.to) ? "page" : undefined}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <SiteSearch inputRef={searchRef} />
          <ThemeToggle />
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-foreground hover:bg-muted lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {menuOpen && <MobileMenu menuRef={menuRef} pathname={pathname} onChoose={() => setMenuOpen(false)} />}
    </header>
  );
}

/** An open menu takes focus (its first link); Escape closes it and gives focus back to its toggle. */
function useMenuFocus(
  menuOpen: boolean,
  setMenuOpen: (open: boolean) => void,
  menuRef: React.RefObject<HTMLDivElement | null>,
  toggleRef: React.RefObject<HTMLButtonElement | null>,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable
  useEffect(() => {
    if (!menuOpen) return;
    menuRef.current?.querySelector<HTMLElement>("a")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen, setMenuOpen]);
}

/** "/" focuses the search box, as on most sites, unless the visitor is typing somewhere. */
function useSlashFocusesSearch(searchRef: React.RefObject<HTMLInputElement | null>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ref is stable
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement;
      if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      event.preventDefault();
      searchRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

/** The header's search box: a GET form to /search. */
function SiteSearch({ inputRef }: { inputRef: React.RefObject<HTMLInputElement | null> }) {
  return (
    <Form method="get" action="/search" role="search" aria-label="Site" className="flex items-center">
      <label className="relative flex items-center">
        <span className="sr-only">Search the site</span>
        <SearchIcon className="pointer-events-none absolute left-2.5 h-4 w-4 text-muted-foreground" />
        <input
          ref={inputRef}
          type="search"
          name="q"
          maxLength={SEARCH_QUERY_MAX_CHARS}
          placeholder="Search"
          aria-keyshortcuts="/"
          className="h-11 w-28 rounded-md border border-input bg-card pr-2 pl-8 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-40"
        />
      </label>
    </Form>
  );
}

/** The menu of small screens: the same links, stacked; choosing one closes it. */
function MobileMenu({
  menuRef,
  pathname,
  onChoose,
}: {
  menuRef: React.RefObject<HTMLDivElement | null>;
  pathname: string;
  onChoose: () => void;
}) {
  return (
    <div id="mobile-menu" ref={menuRef} className="border-t border-border bg-background lg:hidden">
      <nav aria-label="Mobile">
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className="nav-link flex"
                aria-current={isCurrentSection(pathname, item.to) ? "page" : undefined}
                onClick={onChoose}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
