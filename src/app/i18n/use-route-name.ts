import { useMatches } from "react-router";

/** Name of the page being shown (route ids are `<locale>:<RouteName>`, see routes.ts). */
export function useRouteName(): string {
  const matches = useMatches();
  const id = matches[matches.length - 1]?.id ?? "";
  return id.slice(id.lastIndexOf(":") + 1);
}
