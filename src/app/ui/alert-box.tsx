import type { ReactNode } from "react";

const tones = {
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
  info: "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
} as const;

/** One alert as shown on screen; `isStatic` marks it for the static-page enhancer to remove. */
export function AlertBox({
  type,
  closeLabel,
  onClose,
  isStatic = false,
  children,
}: {
  type: keyof typeof tones;
  closeLabel: string;
  onClose?: () => void;
  isStatic?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      data-alert={isStatic ? "" : undefined}
      role={type === "error" ? "alert" : "status"}
      data-type={type}
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${tones[type]}`}
    >
      <p className="flex-1">{children}</p>
      <button type="button" onClick={onClose} aria-label={closeLabel} className="opacity-70 hover:opacity-100">
        ×
      </button>
    </div>
  );
}

export function AlertStack({ children }: { children: ReactNode }) {
  return <div className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3">{children}</div>;
}
