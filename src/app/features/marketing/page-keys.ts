/** Catalog key of a marketing page: `LandingPage` reads `pages.home`, `AiChat` reads `pages.aiChat`. */
export function marketingPageKey(routeName: string): string {
  if (routeName === "LandingPage") return "home";
  return routeName.charAt(0).toLowerCase() + routeName.slice(1);
}
