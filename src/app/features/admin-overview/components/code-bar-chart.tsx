import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, chartColor } from "../chart-format";

/** Horizontal bars of counts per labelled code (failures, bot endings): long labels read better sideways. */
export function CodeBarChart({
  data,
  series,
  colorIndex,
}: {
  data: { label: string; value: number }[];
  series: string;
  colorIndex: number;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
        <XAxis type="number" allowDecimals={false} tick={axisTick} />
        <YAxis type="category" dataKey="label" width={130} tick={axisTick} />
        <Tooltip />
        <Bar dataKey="value" name={series} fill={chartColor(colorIndex)} radius={[0, 3, 3, 0]} maxBarSize={28} />
      </BarChart>
    </ResponsiveContainer>
  );
}
