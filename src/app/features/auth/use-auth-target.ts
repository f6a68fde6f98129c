import { useSearchParams } from "react-router";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { safeNext } from "~/shared/routing/decide-route";

/** Where a successful sign-in goes: a same-origin `next`, else the default signed-in page (Home). */
export function useAuthTarget(): { target: string; next: string | null; withNext(path: string): string } {
  const [params] = useSearchParams();
  const to = useLocalizedPath();
  const next = safeNext(params.get("next"));
  return {
    target: next ?? to("/home"),
    next,
    withNext: (path) => (next ? `${to(path)}?next=${encodeURIComponent(next)}` : to(path)),
  };
}
