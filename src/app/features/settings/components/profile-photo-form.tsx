import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { updateAccount } from "~/app/features/shell/account-store";
import { UserAvatar } from "~/app/features/shell/components/user-avatar";
import { errorMessage } from "~/app/features/shell/error-message";
import { saveUser } from "~/app/features/shell/queries";
import { pushAlert } from "~/app/ui/alert-store";
import type { UserPayload } from "~/shared/accounts/user-payload";
import { resizePhoto } from "../resize-image";
import { SettingsSection } from "./settings-section";

/** Choose a photo (resized to 256 px in the browser), or remove it. */
export function ProfilePhotoForm({ user, onSaved }: { user: UserPayload; onSaved(user: UserPayload): void }) {
  const { t } = useTranslation("account");
  const input = useRef<HTMLInputElement>(null);
  const [isSaving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (photoURL: string | null) => {
    const saved = await saveUser({ photoURL });
    updateAccount(saved.userId, { photoURL: saved.photoURL });
    onSaved(saved);
    pushAlert({ type: "success", message: { key: photoURL ? "account:settings.photo.saved" : "account:settings.photo.removed" } });
  };

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setSaving(true);
    try {
      await save(await resizePhoto(file));
    } catch (error) {
      const code = error instanceof Error ? error.message : "";
      if (code === "PHOTO_NOT_AN_IMAGE") setProblem(t("settings.photo.notAnImage"));
      else if (code === "PHOTO_TOO_LARGE") setProblem(t("settings.photo.tooLarge"));
      else setProblem(errorMessage(error, t("settings.saveFailed")));
    } finally {
      setSaving(false);
      if (input.current) input.current.value = "";
    }
  };

  const handleRemove = async () => {
    setProblem(null);
    setSaving(true);
    try {
      await save(null);
    } catch (error) {
      setProblem(errorMessage(error, t("settings.saveFailed")));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection title={t("settings.photo.title")} description={t("settings.photo.description")}>
      <div className="flex flex-wrap items-center gap-4">
        <span data-testid="profile-photo">
          <UserAvatar name={user.name} email={user.email} photoURL={user.photoURL} size="lg" />
        </span>
        <div className="flex flex-wrap gap-2">
          <label className={`btn-secondary cursor-pointer ${isSaving ? "pointer-events-none opacity-50" : ""}`}>
            {t("settings.photo.choose")}
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="sr-only"
              disabled={isSaving}
              onChange={(event) => handleFile(event.target.files?.[0])}
            />
          </label>
          {user.photoURL && (
            <button type="button" className="btn-secondary" disabled={isSaving} onClick={handleRemove}>
              {t("settings.photo.remove")}
            </button>
          )}
        </div>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </SettingsSection>
  );
}
