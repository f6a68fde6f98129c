import { api, call } from "~/app/api/typed-api";
import { type Locale, localizePath, splitLocale } from "~/shared/i18n/locales";
import { onSignedIn } from "./session";

/** `target` (a path with its query) in `locale`: `/notes?x=1` -> `/es/notes?x=1`. */
export function inLocale(target: string, locale: Locale): string {
  const url = new URL(target, "http://parley.invalid");
  return `${localizePath(splitLocale(url.pathname).path, locale)}${url.search}${url.hash}`;
}

/**
 * spec section 4 "Authentication": store the user, apply their language when it is supported, set the
 * flag, then a full load of `target` so the server decides the page with the new session.
 */
export async function finishSignIn(target: string, pageLocale: Locale): Promise<void> {
  let locale = pageLocale;
  try {
    const { payload } = await call(api().GET("/user"));
    locale = onSignedIn({ id: payload.userId, email: payload.email, name: payload.name, language: payload.settings.language }, pageLocale);
  } catch {
    // The session works even if the profile read failed; the page's language stays.
  }
  window.location.assign(inLocale(target, locale));
}
