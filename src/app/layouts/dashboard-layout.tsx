import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useRouteLoaderData } from "react-router";
import { usePaymentRequiredHandling } from "../features/billing/app-paywall";
import { LimitUpgradeDialog } from "../features/billing/components/limit-upgrade-dialog";
import { PaywallModal } from "../features/billing/components/paywall-modal";
import { useAccountLiveUpdates } from "../features/billing/plan-store";
import { SendBotDialog } from "../features/meetings/components/send-bot-dialog";
import { UserMenu } from "../features/shell/components/user-menu";
import { useLocalizedPath } from "../i18n/use-locale";
import type { loader as rootLoader } from "../root";
import { LanguageSwitcher } from "../ui/language-switcher";
import { Logo } from "../ui/logo";
import { ThemeToggle } from "../ui/theme-toggle";

// The dashboard is client-rendered: its data loads in the browser (docs/decisions/001-react-router-7.md).
export { clientLoader, HydrateFallback } from "./client-rendered";

export default function DashboardLayout() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [isMenuOpen, setMenuOpen] = useState(false);
  // Billing (issue 7): a 402 anywhere opens the paywall or the upgrade request; plan and usage stay live.
  usePaymentRequiredHandling();
  useAccountLiveUpdates();
  const items = [
    { href: to("/home"), label: t("nav.home") },
    { href: to("/notes"), label: t("nav.notes") },
    { href: to("/ask-ai"), label: t("nav.askAi") },
    { href: to("/settings/profile"), label: t("nav.settings") },
    ...(root?.viewer?.isAdmin
      ? [
          // `end`: the overview is active on /admin only, not on every admin page below it.
          { href: to("/admin"), label: t("nav.adminOverview"), end: true },
          { href: to("/admin/notes"), label: t("nav.adminNotes") },
          { href: to("/admin/users"), label: t("nav.adminUsers") },
          { href: to("/admin/audit"), label: t("nav.adminAudit") },
          { href: to("/admin/engines"), label: t("nav.adminEngines") },
        ]
      : []),
  ];
  const nav = (
    <nav aria-label={t("ui.mainNavigation")} className="flex flex-col gap-1">
      {items.map((item) => (
        <NavLink
          key={item.href}
          to={item.href}
          end={"end" in item && item.end}
          onClick={() => setMenuOpen(false)}
          className={({ isActive }) =>
            `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300" : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"}`
          }
        >
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
  return (
    <div className="min-h-screen md:grid md:grid-cols-[15rem_1fr]">
      <aside className="hidden border-r border-slate-200 p-4 md:block dark:border-slate-800">
        <Logo to={to("/home")} />
        <div className="mt-8">{nav}</div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <button
            type="button"
            className="rounded-md p-2 md:hidden"
            aria-expanded={isMenuOpen}
            aria-label={t("ui.menu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <div className="md:hidden">
            <Logo to={to("/home")} />
          </div>
          <div className="ml-auto flex items-center gap-2">
            <SendBotDialog placement="header" />
            <LanguageSwitcher />
            <ThemeToggle />
            <UserMenu />
          </div>
        </header>
        {isMenuOpen && (
          <div className="border-b border-slate-200 p-3 md:hidden dark:border-slate-800">
            {nav}
            <SendBotDialog placement="menu" onSent={() => setMenuOpen(false)} />
          </div>
        )}
        <main className="flex-1 p-4 sm:p-8">
          <Outlet />
        </main>
      </div>
      <PaywallModal />
      <LimitUpgradeDialog />
    </div>
  );
}
