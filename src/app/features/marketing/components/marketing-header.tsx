import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { LanguageSwitcher } from "~/app/ui/language-switcher";
import { Logo } from "~/app/ui/logo";
import { ThemeToggle } from "~/app/ui/theme-toggle";

export function MarketingHeader() {
  const { t } = useTranslation("marketing");
  const { t: tc } = useTranslation();
  const to = useLocalizedPath();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const links = [
    { href: `${to("/")}#features`, label: t("nav.features") },
    { href: `${to("/")}#pricing`, label: t("nav.pricing") },
    { href: to("/faq"), label: t("nav.faq") },
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Logo to={to("/")} />
        <nav aria-label={tc("ui.mainNavigation")} className="hidden items-center gap-6 text-sm md:flex">
          {links.map((link) => (
            <a key={link.href} href={link.href} className="text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white">
              {link.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
          <Link to={to("/login")} className="hidden text-sm font-medium sm:inline">
            {t("nav.login")}
          </Link>
          <Link to={to("/signup")} className="btn-primary hidden sm:inline-flex">
            {t("nav.signup")}
          </Link>
          <button
            type="button"
            className="rounded-md p-2 md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls="mobile-nav"
            data-menu-toggle=""
            aria-label={tc("ui.menu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        </div>
      </div>
      {/* Always rendered, hidden until opened: the static-page enhancer toggles it without React. */}
      <nav
        id="mobile-nav"
        hidden={!isMenuOpen}
        aria-label={tc("ui.mobileNavigation")}
        className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 text-sm md:hidden dark:border-slate-800"
      >
        {links.map((link) => (
          <a key={link.href} href={link.href}>
            {link.label}
          </a>
        ))}
        <Link to={to("/login")}>{t("nav.login")}</Link>
        <Link to={to("/signup")} className="btn-primary">
          {t("nav.signup")}
        </Link>
      </nav>
    </header>
  );
}
