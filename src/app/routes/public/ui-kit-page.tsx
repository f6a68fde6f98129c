import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PageHandle } from "~/app/hydration";
import { pushAlert } from "~/app/ui/alert-store";
import { confirm } from "~/app/ui/confirm-store";
import { Spinner } from "~/app/ui/spinner";

// Interactive components need React, inside the otherwise static landing layout.
export const handle: PageHandle = { hydrate: true };

/** Staging-only gallery of the shared UI pieces, so they can be seen and tested in a browser. */
export default function UiKitPage() {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<string>("");
  return (
    <div className="mx-auto max-w-3xl space-y-10 px-4 py-14">
      <title>{t("uiKit.title")}</title>
      <h1 className="text-3xl font-bold">{t("uiKit.title")}</h1>
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">{t("uiKit.alerts")}</h2>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-secondary" onClick={() => pushAlert({ message: { key: "uiKit.sampleInfo" } })}>
            {t("uiKit.showInfo")}
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => pushAlert({ message: { key: "uiKit.sampleError" }, type: "error" })}
          >
            {t("uiKit.showError")}
          </button>
        </div>
      </section>
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">{t("uiKit.confirm")}</h2>
        <button
          type="button"
          className="btn-secondary"
          onClick={async () =>
            setAnswer((await confirm({ message: t("uiKit.confirmMessage") })) ? t("uiKit.confirmed") : t("uiKit.cancelled"))
          }
        >
          {t("uiKit.openConfirm")}
        </button>
        <p data-testid="confirm-answer">{answer}</p>
      </section>
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">{t("uiKit.spinners")}</h2>
        <div className="flex items-center gap-6">
          <Spinner size="sm" />
          <Spinner size="md" />
          <Spinner size="lg" />
        </div>
      </section>
    </div>
  );
}
