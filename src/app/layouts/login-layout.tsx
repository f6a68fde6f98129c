import { Outlet } from "react-router";
import { useLocalizedPath } from "../i18n/use-locale";
import { LanguageSwitcher } from "../ui/language-switcher";
import { Logo } from "../ui/logo";
import { ThemeToggle } from "../ui/theme-toggle";

export default function LoginLayout() {
  const to = useLocalizedPath();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Logo to={to("/")} />
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <div className="card w-full max-w-md">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
