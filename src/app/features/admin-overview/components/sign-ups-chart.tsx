import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { OverviewDay } from "~/shared/admin/admin-overview-api";
import { axisTick, chartColor, dayLabel } from "../chart-format";
import { ChartCard } from "./chart-card";

/** New accounts per UTC day over the last 30 days. */
export function SignUpsChart({ days }: { days: OverviewDay[] }) {
  const { t, i18n } = useTranslation();
  const data = days.map((entry) => ({ label: dayLabel(entry.day, i18n.language), value: entry.signUps }));
  const total = data.reduce((sum, entry) => sum + entry.value, 0);
  const series = t("adminOverview.signUps.series");
  return (
    <ChartCard
      title={t("adminOverview.signUps.title")}
      summary={t("adminOverview.signUps.summary", { total, today: days.at(-1)?.signUps ?? 0 })}
      isEmpty={total === 0}
      table={{ columns: [t("adminOverview.day"), series], rows: data.map((entry) => ({ label: entry.label, values: [entry.value] })) }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
          <XAxis dataKey="label" tick={axisTick} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axisTick} />
          <Tooltip />
          <Bar dataKey="value" name={series} fill={chartColor(0)} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
