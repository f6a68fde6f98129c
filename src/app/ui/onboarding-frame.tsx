import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "./logo";

// spec section 2, onboarding layout: two columns (dotted left area, right content) with optional step
// progress bars, logo, skip link (normal or bold), close icon, and terms and privacy links.
export type SkipStyle = "normal" | "bold";

/** A link, or a button when the page must do something first (save a step, mark the paywall seen). */
export type FrameAction = { label: string } & ({ href: string; onClick?: undefined } | { onClick: () => void; href?: undefined });

export interface OnboardingFrameProps {
  logoHref?: string;
  steps?: { count: number; current: number; label: string };
  skip?: FrameAction & { style: SkipStyle };
  close?: FrameAction;
  policyLinks?: { href: string; label: string }[];
  /** Where React runs (the generic onboarding layout): a policy link's click, for its analytics event. */
  onPolicyLinkClick?: () => void;
  /** Static pages: the enhancer sends the policy-link click with this source (spec 7), React does not run there. */
  policySource?: string;
  aside?: ReactNode;
  children: ReactNode;
}

export function OnboardingFrame({
  logoHref,
  steps,
  skip,
  close,
  policyLinks,
  onPolicyLinkClick,
  policySource,
  aside,
  children,
}: OnboardingFrameProps) {
  return (
    <div className="grid min-h-screen md:grid-cols-2">
      <aside className="dotted-bg relative hidden flex-col justify-between bg-indigo-50 p-10 text-indigo-200 md:flex dark:bg-indigo-950/40 dark:text-indigo-900">
        <div className="text-slate-900 dark:text-slate-100">{logoHref && <Logo to={logoHref} />}</div>
        <div className="rounded-2xl bg-white/90 p-8 text-slate-800 shadow-sm dark:bg-slate-900/90 dark:text-slate-100">{aside}</div>
        <span />
      </aside>
      <div className="flex flex-col px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between gap-4">
          <div className="md:hidden">{logoHref && <Logo to={logoHref} />}</div>
          <div className="ml-auto flex items-center gap-4">
            {skip && (
              <ActionLink
                action={skip}
                data-style={skip.style}
                className={`text-sm ${skip.style === "bold" ? "font-bold text-indigo-600" : "text-slate-500"}`}
              >
                {skip.label}
              </ActionLink>
            )}
            {close && (
              <ActionLink
                action={close}
                aria-label={close.label}
                className="rounded-md p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </ActionLink>
            )}
          </div>
        </div>
        {steps && (
          <div className="mt-6">
            <div
              role="progressbar"
              aria-label={steps.label}
              aria-valuemin={1}
              aria-valuemax={steps.count}
              aria-valuenow={steps.current}
              className="flex gap-2"
            >
              {Array.from({ length: steps.count }, (_, index) => index + 1).map((step) => (
                <span
                  key={step}
                  data-active={step <= steps.current}
                  className={`h-1.5 flex-1 rounded-full ${step <= steps.current ? "bg-indigo-600" : "bg-slate-200 dark:bg-slate-700"}`}
                />
              ))}
            </div>
            <p className="mt-2 text-xs text-slate-500">{steps.label}</p>
          </div>
        )}
        <main className="flex flex-1 flex-col justify-center py-10">{children}</main>
        {policyLinks && (
          <p className="flex gap-4 text-xs text-slate-500">
            {policyLinks.map((link) => (
              <a
                key={link.href}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="hover:underline"
                onClick={onPolicyLinkClick}
                data-policy-source={policySource}
              >
                {link.label}
              </a>
            ))}
          </p>
        )}
      </div>
    </div>
  );
}

function ActionLink({
  action,
  children,
  ...rest
}: {
  action: FrameAction;
  children: ReactNode;
  className: string;
  "aria-label"?: string;
  "data-style"?: string;
}) {
  if (action.onClick !== undefined) {
    return (
      <button type="button" onClick={action.onClick} {...rest}>
        {children}
      </button>
    );
  }
  return (
    <Link to={action.href} {...rest}>
      {children}
    </Link>
  );
}
