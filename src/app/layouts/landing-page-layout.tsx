import { Outlet } from "react-router";
import { MarketingFooter } from "../features/marketing/components/marketing-footer";
import { MarketingHeader } from "../features/marketing/components/marketing-header";
import type { PageHandle } from "../hydration";

// Server-rendered with no React in the browser: decision 010.
export const handle: PageHandle = { hydrate: false };

export default function LandingPageLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <MarketingHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <MarketingFooter />
    </div>
  );
}
