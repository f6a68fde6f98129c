import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { appContext } from "~/app/app-context";
import { PublicNoteView } from "~/app/features/sharing/components/public-note-view";
import { splitLocale } from "~/shared/i18n/locales";
import type { Route } from "./+types/demo-note-page";

/** `/demo-note/{id}`: a seeded demo note, read-only, for anyone (signed in or not); unknown ids are the 404 page. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const app = context.get(appContext);
  const note = app.findDemoNote(params.id);
  if (!note) throw data(app.getI18n(locale).getFixedT(locale, "common")("errors.pageNotFound"), { status: 404 });
  // Formatted on the server, so the browser hydrates the same text.
  const dateLabel = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(note.createdAt));
  return { note, dateLabel };
}

export default function DemoNotePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("notes");
  const { note, dateLabel } = loaderData;
  return (
    <div className="space-y-6">
      <title>{`${note.title} · Parley`}</title>
      {/* Its AI notes were written by hand, not by this install's engine: say so, and what the user's notes will be. */}
      <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        {t("page.demo.banner")}
      </p>
      <PublicNoteView note={note} dateLabel={dateLabel} mediaUrl={null} aiNotesBadge={t("page.demo.exampleBadge")} />
    </div>
  );
}
