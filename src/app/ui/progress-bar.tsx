/** A labelled 0-100 progress bar (role progressbar, so assistive technology reads the value). */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
