import { useTranslation } from "react-i18next";
import { setTheme } from "./theme-store";

/** Light/dark switch (spec section 5); on pages without React the static-page enhancer handles it. */
export function ThemeToggle() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-label={t("ui.toggleTheme")}
      data-theme-toggle=""
      className="rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      onClick={() => setTheme(document.documentElement.classList.contains("dark") ? "light" : "dark")}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    </button>
  );
}
