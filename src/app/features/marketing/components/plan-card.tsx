import type { ReactNode } from "react";
import { Link } from "react-router";

/** One plan of the landing pages' pricing section; the highlighted one has a badge and a ring. */
export function PlanCard({
  id,
  name,
  badge,
  price,
  features,
  cta,
}: {
  id: string;
  name: string;
  badge?: string;
  price: ReactNode;
  features: string[];
  cta: { href: string; label: string };
}) {
  const isHighlighted = badge !== undefined;
  return (
    <article aria-labelledby={`${id}-name`} className={`card flex flex-col ${isHighlighted ? "ring-2 ring-indigo-600" : ""}`}>
      <div className="flex items-center justify-between">
        <h3 id={`${id}-name`} className="text-xl font-semibold">
          {name}
        </h3>
        {badge ? (
          <span className="rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
            {badge}
          </span>
        ) : null}
      </div>
      {price}
      <ul className="mt-6 flex-1 space-y-2 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-indigo-600">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <Link to={cta.href} className={`mt-6 ${isHighlighted ? "btn-primary" : "btn-secondary"}`}>
        {cta.label}
      </Link>
    </article>
  );
}
