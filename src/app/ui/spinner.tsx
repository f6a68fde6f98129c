import { useTranslation } from "react-i18next";

// spec section 5: spinner size is sm, md or lg.
export type SpinnerSize = "sm" | "md" | "lg";

const sizes: Record<SpinnerSize, string> = { sm: "h-4 w-4 border-2", md: "h-8 w-8 border-[3px]", lg: "h-12 w-12 border-4" };

export function Spinner({ size = "md" }: { size?: SpinnerSize }) {
  const { t } = useTranslation();
  return (
    <span
      role="status"
      aria-label={t("ui.loading")}
      data-size={size}
      className={`inline-block animate-spin rounded-full border-slate-300 border-t-indigo-600 ${sizes[size]}`}
    />
  );
}
