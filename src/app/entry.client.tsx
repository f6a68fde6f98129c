import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { isLocale, type Namespace } from "../shared/i18n/locales";
import { initClientI18n } from "./i18n/client-i18n";

async function hydrate() {
  const lang = document.documentElement.lang;
  const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
  const namespaces = meta("i18n-namespaces").split(",").filter(Boolean) as Namespace[];
  const i18n = await initClientI18n(isLocale(lang) ? lang : "en", namespaces, meta("i18n-version"));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
