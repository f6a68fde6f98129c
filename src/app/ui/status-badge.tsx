import type { ReactNode } from "react";

// A status badge (issue 17): each kind of state has its own colour and its own icon, so a failure never
// looks like a success at a glance, in light and dark themes and without colour vision (the icon differs
// too). The words come from the caller; the icon is decoration.

export type StatusTone = "progress" | "success" | "warning" | "error" | "neutral";

const toneClasses: Record<StatusTone, string> = {
  progress: "bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300",
  success: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  warning: "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  error: "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200",
  neutral: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
};

/** What the icon shows; by default the tone's own. */
export type StatusIcon = "progress" | "check" | "cross" | "alert" | "slash" | "muted";

const toneIcons: Record<StatusTone, StatusIcon> = {
  progress: "progress",
  success: "check",
  warning: "alert",
  error: "cross",
  neutral: "slash",
};

// 24 px grid, stroked with the text colour.
const icons: Record<StatusIcon, ReactNode> = {
  // A ring with a gap (the svg turns, unless reduced motion is asked for): under way.
  progress: <path d="M12 3a9 9 0 1 0 9 9" />,
  // A tick: done and good.
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  // A triangle with an exclamation mark: finished, but not as hoped.
  alert: (
    <>
      <path d="M12 3.5l9.5 16.5h-19z" />
      <path d="M12 10v4.5M12 17.5v.01" />
    </>
  ),
  // A cross in a circle: failed.
  cross: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </>
  ),
  // A circle with a slash: nothing there.
  slash: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M5.7 5.7l12.6 12.6" />
    </>
  ),
  // A microphone struck through: nothing was said.
  muted: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3M4 4l16 16" />
    </>
  ),
};

export function StatusBadge({
  tone,
  icon = toneIcons[tone],
  children,
  testId,
  data,
}: {
  tone: StatusTone;
  icon?: StatusIcon;
  children: ReactNode;
  testId?: string;
  /** data-* attributes for tests (without the prefix). */
  data?: Record<string, string>;
}) {
  const dataAttributes = Object.fromEntries(Object.entries(data ?? {}).map(([key, value]) => [`data-${key}`, value]));
  return (
    <span
      data-testid={testId}
      data-tone={tone}
      {...dataAttributes}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${toneClasses[tone]}`}
    >
      <svg
        aria-hidden="true"
        data-icon={icon}
        viewBox="0 0 24 24"
        className={`size-3.5 shrink-0 ${icon === "progress" ? "motion-safe:animate-spin" : ""}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.25"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {icons[icon]}
      </svg>
      {children}
    </span>
  );
}
