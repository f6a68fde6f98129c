/** The dialogs' close icon (an ✕ with an accessible name, e.g. "Close"). */
export function CloseButton({ label, onClick, size = "md" }: { label: string; onClick(): void; size?: "md" | "lg" }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={size === "lg" ? "h-6 w-6" : "h-5 w-5"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}
