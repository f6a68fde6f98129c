import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BotsChart } from "~/app/features/admin-overview/components/bots-chart";
import { FailuresChart } from "~/app/features/admin-overview/components/failures-chart";
import { NotesByTypeChart } from "~/app/features/admin-overview/components/notes-by-type-chart";
import { SignUpsChart } from "~/app/features/admin-overview/components/sign-ups-chart";
import { TranscriptionMinutesChart } from "~/app/features/admin-overview/components/transcription-minutes-chart";
import { fetchAdminOverview } from "~/app/features/admin-overview/queries";
import { Spinner } from "~/app/ui/spinner";
import type { AdminOverviewResponse } from "~/shared/admin/admin-overview-api";

/**
 * /admin (issue 20), for the IS_ADMIN role: the last 30 days across all accounts as charts (recharts is
 * imported only by this route's components, so it ships in this route's chunk alone).
 */
export default function AdminOverviewPage() {
  const { t } = useTranslation();
  const [overview, setOverview] = useState<AdminOverviewResponse | null>(null);
  const [hasFailed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchAdminOverview(controller.signal).then(setOverview, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, []);
  const isQuiet =
    overview !== null &&
    overview.failures.length === 0 &&
    overview.bots.length === 0 &&
    overview.days.every((day) => day.signUps === 0 && day.transcriptionMinutes === 0 && Object.values(day.notes).every((n) => n === 0));
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <title>{`${t("pages.AdminOverview.title")} · Parley`}</title>
      <h1 className="text-2xl font-semibold">{t("pages.AdminOverview.title")}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("adminOverview.intro")}</p>
      {hasFailed && <p role="alert">{t("adminOverview.loadFailed")}</p>}
      {!overview && !hasFailed && <Spinner />}
      {isQuiet && (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">{t("adminOverview.empty")}</p>
      )}
      {overview && !isQuiet && (
        <div className="grid gap-4 lg:grid-cols-2">
          <SignUpsChart days={overview.days} />
          <NotesByTypeChart days={overview.days} />
          <TranscriptionMinutesChart days={overview.days} />
          <FailuresChart failures={overview.failures} />
          <BotsChart bots={overview.bots} />
        </div>
      )}
    </div>
  );
}
