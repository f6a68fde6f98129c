import type { ReactNode } from "react";

/** An onboarding step: its heading and explanation, then its controls and actions; submitting continues. */
export function StepForm({ title, body, onContinue, children }: { title: string; body: string; onContinue(): void; children: ReactNode }) {
  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{body}</p>
      </div>
      {children}
    </form>
  );
}
