import { useTranslation } from "react-i18next";
import type { AdminOverviewResponse } from "~/shared/admin/admin-overview-api";
import { ChartCard } from "./chart-card";
import { CodeBarChart } from "./code-bar-chart";

/** Meeting bots of the last 30 days that ended, by the code their ending reads as. */
export function BotsChart({ bots }: { bots: AdminOverviewResponse["bots"] }) {
  const { t } = useTranslation();
  const data = bots.map((entry) => ({ label: t(`statuses.meeting.${entry.code}`), value: entry.count }));
  const total = data.reduce((sum, entry) => sum + entry.value, 0);
  const series = t("adminOverview.bots.series");
  return (
    <ChartCard
      title={t("adminOverview.bots.title")}
      summary={t("adminOverview.bots.summary", { total })}
      isEmpty={total === 0}
      table={{ columns: [t("adminOverview.code"), series], rows: data.map((entry) => ({ label: entry.label, values: [entry.value] })) }}
    >
      <CodeBarChart data={data} series={series} colorIndex={5} />
    </ChartCard>
  );
}
