import { Outlet } from "react-router";
import { useLocalizedPath } from "../i18n/use-locale";
import { Logo } from "../ui/logo";

export default function SsoLayout() {
  const to = useLocalizedPath();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 bg-slate-50 px-4 dark:bg-slate-950">
      <Logo to={to("/")} />
      <div className="card w-full max-w-md">
        <Outlet />
      </div>
    </main>
  );
}
