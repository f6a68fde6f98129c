/** A form-level message: errors are announced at once (role alert), notices politely (role status). */
export function FormMessage({ kind, children }: { kind: "error" | "notice"; children: React.ReactNode }) {
  const isError = kind === "error";
  return (
    <p
      role={isError ? "alert" : "status"}
      className={
        isError
          ? "rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          : "rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
      }
    >
      {children}
    </p>
  );
}
