import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { useLocalizedPath } from "../i18n/use-locale";
import { LanguageSwitcher } from "../ui/language-switcher";
import { Logo } from "../ui/logo";
import { ThemeToggle } from "../ui/theme-toggle";

/** Public, read-only view of a note (shared links and demo notes): no account needed. */
export default function DashboardPublicLayout() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <Logo to={to("/")} />
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            <ThemeToggle />
            <Link to={to("/signup")} className="btn-primary">
              {t("shell.tryFree")}
            </Link>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
