import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { isLocale, localeCookieMaxAgeSeconds, localeCookieName, locales, localizePath, splitLocale } from "~/shared/i18n/locales";
import { writeCookie } from "./write-cookie";

const names: Record<(typeof locales)[number], string> = { en: "English", es: "Español", pt: "Português" };

/** Switches the interface language and stays on the same page (spec section 4: stored in a cookie). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { locale, path } = splitLocale(location.pathname);
  const isUnlocalized = location.pathname.startsWith("/n/");
  if (isUnlocalized) return null;
  const hrefFor = (code: (typeof locales)[number]) => {
    const target = localizePath(path, code);
    return location.pathname.endsWith("/") && !target.endsWith("/") ? `${target}/` : target;
  };

  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <span className="sr-only">{t("ui.language")}</span>
      <select
        aria-label={t("ui.language")}
        data-language-switcher=""
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          writeCookie(localeCookieName, next, localeCookieMaxAgeSeconds);
          navigate(`${hrefFor(next)}${location.search}${location.hash}`);
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
      >
        {locales.map((code) => (
          <option key={code} value={code} data-href={hrefFor(code)}>
            {names[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
