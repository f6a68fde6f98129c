import { useTranslation } from "react-i18next";

// spec section 2: 9 payment-method logos under the checkout. Brand names are not translated; each badge is
// drawn from text and simple shapes, so nothing is loaded from a third party.
const plain = "border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900";
const methods = [
  {
    name: "Visa",
    className: `${plain} text-blue-800 italic dark:text-blue-300`,
    mark: null,
  },
  {
    name: "Mastercard",
    className: `${plain} text-slate-800 dark:text-slate-100`,
    mark: "mastercard",
  },
  { name: "American Express", className: "border-sky-700 bg-sky-600 text-white", mark: null },
  { name: "Discover", className: `${plain} text-orange-600`, mark: null },
  {
    name: "PayPal",
    className: `${plain} text-blue-700 italic dark:text-blue-300`,
    mark: null,
  },
  {
    name: "Apple Pay",
    className: `${plain} text-slate-900 dark:text-slate-100`,
    mark: null,
  },
  {
    name: "Google Pay",
    className: `${plain} text-slate-700 dark:text-slate-200`,
    mark: null,
  },
  {
    name: "Maestro",
    className: `${plain} text-slate-800 dark:text-slate-100`,
    mark: "maestro",
  },
  {
    name: "UnionPay",
    className: `${plain} text-red-700 dark:text-red-300`,
    mark: null,
  },
] as const;

export function PaymentLogos() {
  const { t } = useTranslation("billing");
  return (
    <ul aria-label={t("checkout.paymentMethods")} className="flex flex-wrap justify-center gap-1.5" data-testid="payment-logos">
      {methods.map((method) => (
        <li
          key={method.name}
          title={method.name}
          className={`flex h-7 items-center gap-1 rounded-md border px-2 text-[11px] font-bold tracking-tight ${method.className}`}
        >
          {method.mark ? (
            <svg aria-hidden="true" viewBox="0 0 24 16" className="h-3.5 w-5">
              <circle cx="9" cy="8" r="6" fill={method.mark === "mastercard" ? "#eb001b" : "#0099df"} />
              <circle cx="15" cy="8" r="6" fill={method.mark === "mastercard" ? "#f79e1b" : "#e2001a"} fillOpacity="0.85" />
            </svg>
          ) : null}
          <span>{method.name}</span>
        </li>
      ))}
    </ul>
  );
}
