/**
 * An on/off switch (role="switch"): the shown value is the pending one while a save is in flight, marked
 * busy so assistive technology and tests can tell; disabled switches carry the reason in their description.
 */
export function ToggleSwitch({
  isOn,
  isBusy = false,
  isDisabled = false,
  label,
  describedBy,
  onChange,
  testId,
}: {
  isOn: boolean;
  isBusy?: boolean;
  isDisabled?: boolean;
  label: string;
  describedBy?: string;
  onChange(next: boolean): void;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isOn}
      aria-label={label}
      aria-busy={isBusy}
      aria-describedby={describedBy}
      data-testid={testId}
      disabled={isDisabled || isBusy}
      onClick={() => onChange(!isOn)}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed ${
        isOn ? "bg-indigo-600" : "bg-slate-300 dark:bg-slate-600"
      } ${isDisabled ? "opacity-40" : ""} ${isBusy ? "opacity-70" : ""}`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-5 rounded-full bg-white shadow transition ${isOn ? "translate-x-5" : "translate-x-0.5"} ${
          isBusy ? "motion-safe:animate-pulse" : ""
        }`}
      />
    </button>
  );
}
