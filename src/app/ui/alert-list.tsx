import { useTranslation } from "react-i18next";
import { AlertBox, AlertStack } from "./alert-box";
import { type AlertMessage, dismissAlert, useAlerts } from "./alert-store";

export function AlertList() {
  const alerts = useAlerts();
  const { t } = useTranslation();
  const text = (message: AlertMessage) => (typeof message === "string" ? message : t(message.key, message.values));
  return (
    <div aria-live="polite">
      <AlertStack>
        {alerts.map((alert) => (
          <AlertBox key={alert.id} type={alert.type} closeLabel={t("ui.close")} onClose={() => dismissAlert(alert.id)}>
            {text(alert.message)}
          </AlertBox>
        ))}
      </AlertStack>
    </div>
  );
}
