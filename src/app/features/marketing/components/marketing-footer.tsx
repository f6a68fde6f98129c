import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPath } from "~/app/i18n/use-locale";

const productLinks = [
  ["/meeting-summarizer", "MeetingSummarizer"],
  ["/transcribe", "Transcribe"],
  ["/audio-to-text", "AudioToText"],
  ["/video-to-text", "VideoToText"],
  ["/youtube-video-summarizer", "YoutubeVideoSummarizer"],
  ["/ai-chat", "AiChat"],
  ["/integrations", "Integrations"],
] as const;

const legalLinks = [
  ["/terms.html", "terms"],
  ["/policy.html", "privacy"],
  ["/cookie-policy.html", "cookie"],
  ["/refund.html", "refund"],
  ["/community.html", "community"],
] as const;

export function MarketingFooter() {
  const { t } = useTranslation("marketing");
  const { t: tc } = useTranslation();
  const to = useLocalizedPath();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-bold">Parley</p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("footer.tagline")}</p>
        </div>
        <div>
          <p className="text-sm font-semibold">{t("footer.product")}</p>
          <ul className="mt-2 space-y-1 text-sm">
            {productLinks.map(([path, name]) => (
              <li key={path}>
                <Link to={`${to(path)}/`} className="text-slate-600 hover:underline dark:text-slate-400">
                  {tc(`footerLinks.${name}`)}
                </Link>
              </li>
            ))}
            <li>
              <Link to={to("/faq")} className="text-slate-600 hover:underline dark:text-slate-400">
                {t("nav.faq")}
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <p className="text-sm font-semibold">{t("footer.legal")}</p>
          <ul className="mt-2 space-y-1 text-sm">
            {legalLinks.map(([path, key]) => (
              <li key={path}>
                <Link to={to(path)} className="text-slate-600 hover:underline dark:text-slate-400">
                  {tc(`policyLinks.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="pb-6 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} Parley. {t("footer.rights")}
      </p>
    </footer>
  );
}
