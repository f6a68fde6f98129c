import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { appContext } from "~/app/app-context";
import { PricingTeaser } from "~/app/features/marketing/components/pricing-teaser";
import { marketingPageKey } from "~/app/features/marketing/page-keys";
import { useList } from "~/app/i18n/use-list";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { useRouteName } from "~/app/i18n/use-route-name";
import type { Route } from "./+types/landing-page";

type Card = { title: string; body: string };
type Question = { q: string; a: string };

/** The plans of the pricing section, from the billing settings and Paddle's prices (rendered on the server). */
export async function loader({ context }: Route.LoaderArgs) {
  return { plans: await context.get(appContext).findLandingPlans() };
}

/** One module renders the eight marketing landing pages; the copy comes from `marketing:pages.<key>`. */
export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("marketing");
  const list = useList<Card>("marketing");
  const questions = useList<Question>("marketing");
  const to = useLocalizedPath();
  const key = `pages.${marketingPageKey(useRouteName())}`;
  return (
    <>
      <title>{t(`${key}.meta.title`)}</title>
      <meta name="description" content={t(`${key}.meta.description`)} />
      <section className="bg-gradient-to-b from-indigo-50 to-white py-16 sm:py-24 dark:from-indigo-950/40 dark:to-slate-950">
        <div className="mx-auto max-w-4xl px-4 text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">{t(`${key}.hero.eyebrow`)}</p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">{t(`${key}.hero.title`)}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{t(`${key}.hero.subtitle`)}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={to("/signup")} className="btn-primary px-6 py-3 text-base">
              {t(`${key}.hero.cta`)}
            </Link>
            <a href="#features" className="btn-secondary px-6 py-3 text-base">
              {t(`${key}.hero.secondaryCta`)}
            </a>
          </div>
        </div>
      </section>

      <section id="features" aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-title" className="text-center text-3xl font-bold">
          {t(`${key}.features.title`)}
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {list(`${key}.features.items`).map((item) => (
            <article key={item.title} className="card">
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{item.body}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="steps-title" className="mx-auto max-w-6xl px-4 pb-16">
        <h2 id="steps-title" className="text-center text-3xl font-bold">
          {t(`${key}.steps.title`)}
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {list(`${key}.steps.items`).map((item, index) => (
            <li key={item.title} className="flex gap-4">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-bold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{item.title}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{item.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <PricingTeaser plans={loaderData.plans} />

      <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="faq-title" className="text-center text-3xl font-bold">
          {t(`${key}.faq.title`)}
        </h2>
        <div className="mt-8 divide-y divide-slate-200 dark:divide-slate-800">
          {questions(`${key}.faq.items`).map((item) => (
            <details key={item.q} className="py-4">
              <summary className="cursor-pointer font-medium">{item.q}</summary>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{item.a}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="bg-indigo-600 py-16 text-center text-white">
        <div className="mx-auto max-w-3xl px-4">
          <h2 className="text-3xl font-bold">{t(`${key}.closing.title`)}</h2>
          <p className="mt-3 text-indigo-100">{t(`${key}.closing.subtitle`)}</p>
          <Link
            to={to("/signup")}
            className="mt-8 inline-flex rounded-lg bg-white px-6 py-3 font-semibold text-indigo-700 hover:bg-indigo-50"
          >
            {t(`${key}.closing.cta`)}
          </Link>
        </div>
      </section>
    </>
  );
}
