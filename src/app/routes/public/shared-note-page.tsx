import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { appContext } from "~/app/app-context";
import { PublicNoteView } from "~/app/features/sharing/components/public-note-view";
import { shareIdParam } from "~/shared/sharing/sharing-api";
import type { Route } from "./+types/shared-note-page";

/**
 * `/n/{noteShareId}`: a shared note in public mode, rendered on the server (spec section 2; no language
 * variants, so English). A link that opens no note (its owner turned it off, or it was cut short) answers
 * 404 with a page that says the note is no longer shared, rather than the not-found page that would move
 * the visitor on; nothing names the owner.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const shareId = params.noteShareId;
  const note = shareIdParam.safeParse(shareId).success ? await app.findSharedNote(shareId) : null;
  if (!note) return data({ note: null, dateLabel: "", mediaUrl: null }, { status: 404 });
  // Formatted here, once: the browser then shows the server's text and hydration cannot disagree on it.
  const dateLabel = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(note.createdAt));
  return { note, dateLabel, mediaUrl: note.media ? `/api/shared/${shareId}/media` : null };
}

// A shared note is not for search engines, and its owner may turn the link off at any moment.
export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };
}

export default function SharedNotePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { note, dateLabel, mediaUrl } = loaderData;
  if (!note) {
    return (
      <div className="mx-auto max-w-xl space-y-4 py-12 text-center" data-testid="shared-note-unavailable">
        <title>{`${t("pages.SharedNote.revokedTitle")} · Parley`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <h1 className="text-2xl font-bold tracking-tight">{t("pages.SharedNote.revokedTitle")}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("pages.SharedNote.revokedBody")}</p>
        <a href="/" className="btn-secondary inline-flex">
          {t("pages.SharedNote.revokedHome")}
        </a>
      </div>
    );
  }
  return (
    <>
      <title>{`${note.title || t("pages.SharedNote.title")} · Parley`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <PublicNoteView note={note} dateLabel={dateLabel} mediaUrl={mediaUrl} />
    </>
  );
}
