import { useTranslation } from "react-i18next";
import { themeCookieName } from "../../shared/theme";
import { writeCookie } from "./write-cookie";

const oneYearSeconds = 365 * 24 * 60 * 60;

/** Light/dark switch; the cookie lets the server render the right theme on the next visit. */
export function ThemeToggle() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-label={t("ui.toggleTheme")}
      className="rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      onClick={() => {
        const isDark = document.documentElement.classList.toggle("dark");
        writeCookie(themeCookieName, isDark ? "dark" : "light", oneYearSeconds);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    </button>
  );
}
