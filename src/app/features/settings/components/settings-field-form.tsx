import type { FormEvent, ReactNode } from "react";

interface SettingsFieldFormProps {
  /** The field's id: the label points at it. */
  fieldId: string;
  label: string;
  submitLabel: string;
  isBusy: boolean;
  problem: string | null;
  /** Given where the field names the problem in its aria-describedby. */
  problemId?: string;
  noValidate?: boolean;
  onSubmit(event: FormEvent): void;
  /** The one field, labelled by `label`. */
  children: ReactNode;
}

/** A settings card's one-field form: the label above the field, the submit button beside it, the problem below. */
export function SettingsFieldForm({
  fieldId,
  label,
  submitLabel,
  isBusy,
  problem,
  problemId,
  noValidate,
  onSubmit,
  children,
}: SettingsFieldFormProps) {
  return (
    <>
      <form noValidate={noValidate} onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={fieldId} className="block text-sm font-medium">
            {label}
          </label>
          {children}
        </div>
        <button type="submit" className="btn-primary" disabled={isBusy}>
          {submitLabel}
        </button>
      </form>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </>
  );
}
