// Progressive enhancement for the server-rendered pages that ship no React (marketing, onboarding,
// FAQ, policies: docs/decisions/010-static-marketing-pages.md). The same markup works hydrated,
// where React handles these controls instead and this script is not loaded.
import { localeCookieMaxAgeSeconds, localeCookieName } from "~/shared/i18n/locales";
import { themeCookieName } from "~/shared/theme";
import { alertLifetimeMs } from "../ui/alert-store-constants";
import { writeCookie } from "../ui/write-cookie";
import "../features/attribution/capture-landing";
import "./static-events";

const oneYearSeconds = 365 * 24 * 60 * 60;

for (const select of document.querySelectorAll<HTMLSelectElement>("select[data-language-switcher]")) {
  select.addEventListener("change", () => {
    const option = select.selectedOptions[0];
    const href = option?.dataset.href;
    if (!option || !href) return;
    writeCookie(localeCookieName, option.value, localeCookieMaxAgeSeconds);
    window.location.assign(href + window.location.search + window.location.hash);
  });
}

for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-theme-toggle]")) {
  button.addEventListener("click", () => {
    const isDark = document.documentElement.classList.toggle("dark");
    writeCookie(themeCookieName, isDark ? "dark" : "light", oneYearSeconds);
  });
}

for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-menu-toggle]")) {
  const menu = document.getElementById(button.getAttribute("aria-controls") ?? "");
  button.addEventListener("click", () => {
    if (!menu) return;
    menu.hidden = !menu.hidden;
    button.setAttribute("aria-expanded", String(!menu.hidden));
  });
}

// spec section 9: alerts vanish after 5000 ms and can be closed.
for (const alert of document.querySelectorAll<HTMLElement>("[data-alert]")) {
  const remove = () => alert.remove();
  setTimeout(remove, alertLifetimeMs);
  alert.querySelector("button")?.addEventListener("click", remove);
}
