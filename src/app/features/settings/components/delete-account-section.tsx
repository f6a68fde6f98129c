import { useState } from "react";
import { useTranslation } from "react-i18next";
import { forgetSignedIn } from "~/app/features/auth/session";
import { errorMessage } from "~/app/features/shell/error-message";
import { deleteMyAccount } from "~/app/features/shell/queries";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { confirm } from "~/app/ui/confirm-store";
import { SettingsSection } from "./settings-section";

/** Deletes the account after a confirm dialog; the server removes the data and ends the session. */
export function DeleteAccountSection() {
  const { t } = useTranslation("account");
  const to = useLocalizedPath();
  const [isDeleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const handleDelete = async () => {
    const isConfirmed = await confirm({
      title: t("settings.delete.confirmTitle"),
      message: t("settings.delete.confirmMessage"),
      confirmText: t("settings.delete.confirm"),
      cancelText: t("settings.delete.cancel"),
    });
    if (!isConfirmed) return;
    setProblem(null);
    setDeleting(true);
    try {
      await deleteMyAccount();
      forgetSignedIn();
      // A full load: the server, now without a session, decides what the visitor sees.
      window.location.assign(to("/"));
    } catch (error) {
      setDeleting(false);
      setProblem(errorMessage(error, t("settings.delete.failed")));
    }
  };

  return (
    <SettingsSection title={t("settings.delete.title")} description={t("settings.delete.description")}>
      <button
        type="button"
        onClick={handleDelete}
        disabled={isDeleting}
        className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-500 disabled:opacity-50"
      >
        {t("settings.delete.button")}
      </button>
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </SettingsSection>
  );
}
