import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useLocalizedPath } from "~/app/i18n/use-locale";

const tabs = [
  { path: "/settings/profile", key: "profile" },
  { path: "/settings/email", key: "email" },
  { path: "/settings/calendar", key: "calendar" },
  { path: "/settings/profile/billing", key: "billing" },
] as const;

/** The settings heading and the tabs shared by the four settings pages; scrolls sideways on a phone. */
export function SettingsTabs() {
  const { t } = useTranslation("account");
  const to = useLocalizedPath();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{t("settings.title")}</h1>
      <nav aria-label={t("settings.tabsLabel")} className="-mx-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
        <ul className="flex min-w-max gap-1 px-1">
          {tabs.map((tab) => (
            <li key={tab.key}>
              <NavLink
                to={to(tab.path)}
                // "Profile" would also light up on its billing child without `end`.
                end
                className={({ isActive }) =>
                  `-mb-px block border-b-2 px-3 py-2 text-sm font-medium ${isActive ? "border-indigo-600 text-indigo-700 dark:text-indigo-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"}`
                }
              >
                {t(`settings.tabs.${tab.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
