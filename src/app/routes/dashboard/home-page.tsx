import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { UpcomingMeetingsCard } from "~/app/features/calendar/components/upcoming-meetings-card";
import { SendBotForm } from "~/app/features/meetings/components/send-bot-form";
import { NoteList } from "~/app/features/notes/components/note-list";
import { PasteTextForm } from "~/app/features/notes/components/paste-text-form";
import { RecordForm } from "~/app/features/notes/components/record-form";
import { UploadForm } from "~/app/features/notes/components/upload-form";
import { YoutubeForm } from "~/app/features/notes/components/youtube-form";
import { useLocalizedPath } from "~/app/i18n/use-locale";

/** Home: the meetings under way or about to start from the calendar, the quick ways to add a note (upload, record, YouTube link, meeting bot, document, pasted text) and recent notes. */
export default function HomePage() {
  const { t } = useTranslation();
  const { t: tn } = useTranslation("notes");
  const to = useLocalizedPath();
  return (
    <div className="space-y-6">
      <title>{`${t("pages.Home.title")} · Parley`}</title>
      <h1 className="text-2xl font-bold tracking-tight">{t("pages.Home.title")}</h1>
      <UpcomingMeetingsCard />
      <section className="space-y-3" aria-label={tn("home.quickActions")}>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{tn("home.quickActions")}</h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <UploadForm kind="file" />
          <RecordForm />
          <YoutubeForm />
          <SendBotForm variant="card" />
          <UploadForm kind="document" />
        </div>
        <PasteTextForm />
      </section>
      <section className="space-y-3" aria-labelledby="recent-notes">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="recent-notes" className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            {tn("list.recent")}
          </h2>
          <div className="flex gap-4">
            <Link
              to={to("/demo-note/product-stand-up")}
              className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            >
              {tn("page.demo.tryOne")}
            </Link>
            <Link to={to("/notes")} className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
              {tn("list.viewAll")}
            </Link>
          </div>
        </div>
        <NoteList pageSize={5} canFetchMore={false} />
      </section>
    </div>
  );
}
