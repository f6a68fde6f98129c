import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserPayload } from "~/shared/accounts/user-payload";
import { DeleteAccountSection } from "./delete-account-section";
import { ProfileLanguageForm } from "./profile-language-form";
import { ProfileNameForm } from "./profile-name-form";
import { ProfilePhotoForm } from "./profile-photo-form";
import { SettingsTabs } from "./settings-tabs";

/** /settings/profile: photo, name, interface language, account deletion. */
export function ProfileSettings({ initialUser }: { initialUser: UserPayload }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<UserPayload>(initialUser);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>{`${t("pages.SettingsProfile.title")} · Parley`}</title>
      <SettingsTabs />
      <ProfilePhotoForm user={user} onSaved={setUser} />
      <ProfileNameForm user={user} onSaved={setUser} />
      <ProfileLanguageForm user={user} />
      <DeleteAccountSection />
    </div>
  );
}
