import { Outlet } from "react-router";
import { MarketingFooter } from "../features/marketing/components/marketing-footer";
import { MarketingHeader } from "../features/marketing/components/marketing-header";

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
