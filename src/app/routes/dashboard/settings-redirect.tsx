import { redirect } from "react-router";
import { localizePath, splitLocale } from "~/shared/i18n/locales";
import type { Route } from "./+types/settings-redirect";

// spec section 2: /settings redirects to /settings/profile (in the same language).
function toProfile(request: Request) {
  return redirect(localizePath("/settings/profile", splitLocale(new URL(request.url).pathname).locale));
}

export function loader({ request }: Route.LoaderArgs) {
  return toProfile(request);
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return toProfile(request);
}

export default function SettingsRedirect() {
  return null;
}
