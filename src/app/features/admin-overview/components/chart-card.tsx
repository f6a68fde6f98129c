import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";

export interface ChartTable {
  /** Column headings: the row label's first. */
  columns: string[];
  rows: { label: string; values: number[] }[];
}

/**
 * One chart of the overview: the title, a one-line summary a screen reader announces with the figure, the
 * chart (hidden from assistive technology: the table says the same), and the numbers as a table on demand.
 * With nothing to draw it says so instead of drawing empty axes.
 */
export function ChartCard({
  title,
  summary,
  isEmpty,
  table,
  children,
}: {
  title: string;
  summary: string;
  isEmpty: boolean;
  table: ChartTable;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId} className="min-w-0 space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h2 id={titleId} className="text-base font-semibold">
        {title}
      </h2>
      <figcaption className="text-sm text-slate-600 dark:text-slate-300">{summary}</figcaption>
      {isEmpty ? (
        <p className="py-8 text-center text-sm text-slate-500">{t("adminOverview.emptyChart")}</p>
      ) : (
        <>
          <div aria-hidden="true" className="h-64 w-full text-slate-600 dark:text-slate-300">
            {children}
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer text-indigo-700 dark:text-indigo-300">{t("adminOverview.showNumbers")}</summary>
            <div className="mt-2 max-h-72 overflow-auto">
              <table className="w-full text-left">
                <caption className="sr-only">{title}</caption>
                <thead>
                  <tr>
                    {table.columns.map((column) => (
                      <th key={column} scope="col" className="px-2 py-1 font-medium">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.label} className="border-t border-slate-100 dark:border-slate-800">
                      <th scope="row" className="px-2 py-1 font-normal">
                        {row.label}
                      </th>
                      {row.values.map((value, index) => (
                        <td key={table.columns[index + 1] ?? index} className="px-2 py-1 tabular-nums">
                          {value}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}
