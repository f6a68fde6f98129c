import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { OverviewDay } from "~/shared/admin/admin-overview-api";
import { noteTypes } from "~/shared/notes/statuses";
import { axisTick, chartColor, dayLabel } from "../chart-format";
import { ChartCard } from "./chart-card";

/** Notes created per UTC day, one stacked colour per note type. */
export function NotesByTypeChart({ days }: { days: OverviewDay[] }) {
  const { t, i18n } = useTranslation();
  const { t: tNotes } = useTranslation("notes");
  const data = days.map((entry) => ({ label: dayLabel(entry.day, i18n.language), ...entry.notes }));
  const total = days.reduce((sum, entry) => sum + noteTypes.reduce((inDay, type) => inDay + entry.notes[type], 0), 0);
  const typeName = (type: (typeof noteTypes)[number]) => tNotes(`note.types.${type}`);
  return (
    <ChartCard
      title={t("adminOverview.notes.title")}
      summary={t("adminOverview.notes.summary", { total })}
      isEmpty={total === 0}
      table={{
        columns: [t("adminOverview.day"), ...noteTypes.map(typeName)],
        rows: data.map((entry) => ({ label: entry.label, values: noteTypes.map((type) => entry[type]) })),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
          <XAxis dataKey="label" tick={axisTick} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axisTick} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {noteTypes.map((type, index) => (
            <Bar key={type} dataKey={type} name={typeName(type)} stackId="notes" fill={chartColor(index)} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
