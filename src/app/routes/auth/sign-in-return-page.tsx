import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "../../i18n/use-locale";
import { Spinner } from "../../ui/spinner";

/** spec section 2: /signin is the e-mail action link's return URL; the server then picks the page. */
export default function SignInReturnPage() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  useEffect(() => {
    window.location.replace(to("/home"));
  }, [to]);
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <title>{`${t("signinReturn.title")} · Parley`}</title>
      <p>{t("signinReturn.title")}</p>
      <Spinner size="md" />
    </div>
  );
}
