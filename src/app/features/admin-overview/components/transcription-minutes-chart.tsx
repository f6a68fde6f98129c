import { useTranslation } from "react-i18next";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { OverviewDay } from "~/shared/admin/admin-overview-api";
import { axisTick, chartColor, dayLabel } from "../chart-format";
import { ChartCard } from "./chart-card";

/** Transcription minutes metered per UTC day (the usage records the plans' limits count). */
export function TranscriptionMinutesChart({ days }: { days: OverviewDay[] }) {
  const { t, i18n } = useTranslation();
  const data = days.map((entry) => ({ label: dayLabel(entry.day, i18n.language), value: entry.transcriptionMinutes }));
  const total = data.reduce((sum, entry) => sum + entry.value, 0);
  const series = t("adminOverview.minutes.series");
  return (
    <ChartCard
      title={t("adminOverview.minutes.title")}
      summary={t("adminOverview.minutes.summary", { total })}
      isEmpty={total === 0}
      table={{ columns: [t("adminOverview.day"), series], rows: data.map((entry) => ({ label: entry.label, values: [entry.value] })) }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
          <XAxis dataKey="label" tick={axisTick} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axisTick} />
          <Tooltip />
          <Area type="monotone" dataKey="value" name={series} stroke={chartColor(1)} fill={chartColor(1)} fillOpacity={0.25} />
        </AreaChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
