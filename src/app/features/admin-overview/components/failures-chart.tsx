import { useTranslation } from "react-i18next";
import type { AdminOverviewResponse } from "~/shared/admin/admin-overview-api";
import { ChartCard } from "./chart-card";
import { CodeBarChart } from "./code-bar-chart";

/** Notes of the last 30 days that failed, by what failed (transcription codes, AI notes). */
export function FailuresChart({ failures }: { failures: AdminOverviewResponse["failures"] }) {
  const { t } = useTranslation();
  const data = failures.map((entry) => ({ label: t(`adminNotes.statusFilter.${entry.code}`), value: entry.count }));
  const total = data.reduce((sum, entry) => sum + entry.value, 0);
  const series = t("adminOverview.failures.series");
  return (
    <ChartCard
      title={t("adminOverview.failures.title")}
      summary={t("adminOverview.failures.summary", { total })}
      isEmpty={total === 0}
      table={{ columns: [t("adminOverview.code"), series], rows: data.map((entry) => ({ label: entry.label, values: [entry.value] })) }}
    >
      <CodeBarChart data={data} series={series} colorIndex={4} />
    </ChartCard>
  );
}
