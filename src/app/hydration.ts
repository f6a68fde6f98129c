import type { UIMatch } from "react-router";

/** Route `handle` fields the root reads. */
export interface PageHandle {
  /** false: the page ships no React, only the small static-page enhancer (decision 010). */
  hydrate?: boolean;
}

/** The deepest route that says whether to hydrate decides; pages hydrate by default. */
export function shouldHydrate(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as PageHandle | undefined;
    if (typeof handle?.hydrate === "boolean") return handle.hydrate;
  }
  return true;
}
