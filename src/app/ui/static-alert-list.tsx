import { useTranslation } from "react-i18next";
import type { RouteAlert } from "~/shared/routing/decide-route";
import { AlertBox, AlertStack } from "./alert-box";

/** Alerts of a page that ships no React: rendered on the server, removed by the static-page enhancer. */
export function StaticAlertList({ alerts }: { alerts: readonly RouteAlert[] }) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite">
      <AlertStack>
        {/* Newest first: the guard lists alerts in the order they were raised. */}
        {[...alerts].reverse().map((alert) => (
          <AlertBox key={alert.code} type={alert.type} closeLabel={t("ui.close")} isStatic>
            {t(`alerts.${alert.code}`)}
          </AlertBox>
        ))}
      </AlertStack>
    </div>
  );
}
