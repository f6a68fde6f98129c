import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import { signOut } from "~/app/features/auth/session";
import { openPaywall } from "~/app/features/billing/app-paywall";
import { usePlan } from "~/app/features/billing/plan-store";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import type { loader as rootLoader } from "~/app/root";
import { useCloseOnOutside } from "~/app/ui/use-close-on-outside";
import { useAccount } from "../account-store";
import { UserAvatar } from "./user-avatar";

/** Header menu of the signed-in shell: who is signed in, Settings, admin pages, Sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const account = useAccount();
  const plan = usePlan();
  const supportEmail = useRouteLoaderData<typeof rootLoader>("root")?.supportEmail;
  const [isOpen, setOpen] = useState(false);
  const [isSigningOut, setSigningOut] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useCloseOnOutside(isOpen, root, () => setOpen(false));

  if (!account) return null;
  const isAdmin = account.role === "admin";
  const itemClass = "block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800";

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      // The shell always has a user, so leave for Login rather than reload into a sign-in redirect.
      await signOut({ to: to("/login") });
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={t("userMenu.open")}
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setOpen((open) => !open)}
        className="flex items-center gap-2 rounded-full p-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <UserAvatar name={account.name} email={account.email} photoURL={account.photoURL} />
        {/* The name would crowd the header on a phone; the menu still shows it. */}
        <span className="hidden max-w-40 truncate pr-2 text-sm font-medium sm:inline">{account.name || account.email}</span>
      </button>
      {isOpen && (
        <div
          id={menuId}
          className="absolute right-0 z-20 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="border-b border-slate-200 px-3 pt-1 pb-3 dark:border-slate-700">
            <p className="truncate text-sm font-semibold" data-testid="user-menu-name">
              {account.name}
            </p>
            <p className="truncate text-xs text-slate-500" data-testid="user-menu-email">
              {account.email}
            </p>
          </div>
          <nav aria-label={t("userMenu.label")} className="mt-2 flex flex-col">
            {plan.data?.id === "free" && plan.data.paymentsOn ? (
              <button
                type="button"
                className={`${itemClass} font-semibold text-indigo-700 dark:text-indigo-300`}
                onClick={() => {
                  setOpen(false);
                  openPaywall({ source: "upgrade_button" });
                }}
              >
                {t("userMenu.upgrade")}
              </button>
            ) : null}
            <Link to={to("/settings/profile")} className={itemClass} onClick={() => setOpen(false)}>
              {t("nav.settings")}
            </Link>
            {isAdmin && (
              <>
                <Link to={to("/admin")} className={itemClass} onClick={() => setOpen(false)}>
                  {t("nav.adminOverview")}
                </Link>
                <Link to={to("/admin/users")} className={itemClass} onClick={() => setOpen(false)}>
                  {t("nav.adminUsers")}
                </Link>
                <Link to={to("/admin/notes")} className={itemClass} onClick={() => setOpen(false)}>
                  {t("nav.adminNotes")}
                </Link>
              </>
            )}
            {/* The FAQ tells users to contact support through the app: this is where. */}
            <div className="my-1 border-y border-slate-200 py-1 dark:border-slate-700">
              <p className="px-3 pt-1 text-xs font-semibold text-slate-500 uppercase">{t("userMenu.help")}</p>
              {/* A full page load in a new tab: the FAQ is a static page, and the work in this tab stays. */}
              <a href={to("/faq")} target="_blank" rel="noopener noreferrer" className={itemClass} onClick={() => setOpen(false)}>
                {t("userMenu.faq")}
                <span className="sr-only"> {t("userMenu.newTab")}</span>
              </a>
              {supportEmail ? (
                <a href={`mailto:${supportEmail}`} className={itemClass} onClick={() => setOpen(false)}>
                  {t("userMenu.contactSupport")}
                  <span className="block truncate text-xs text-slate-500">{supportEmail}</span>
                </a>
              ) : null}
            </div>
            <button type="button" className={itemClass} disabled={isSigningOut} onClick={handleSignOut}>
              {t("userMenu.signOut")}
            </button>
          </nav>
        </div>
      )}
    </div>
  );
}
