import { Spinner } from "../ui/spinner";

// What makes a layout client-rendered (docs/decisions/001-react-router-7.md): the server sends the
// spinner shell below and the pages' data loads in the browser. The dashboard and generic-onboarding
// layouts re-export both, so they cannot drift apart.

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}
