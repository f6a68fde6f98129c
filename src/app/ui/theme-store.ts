import { useSyncExternalStore } from "react";
import { type Theme, themeCookieName } from "~/shared/theme";
import { writeCookie } from "./write-cookie";

const oneYearSeconds = 365 * 24 * 60 * 60;
let chosen: Theme | null = null;
const listeners = new Set<() => void>();

/** Switches theme for this tab and remembers it in a cookie the server reads on the next request. */
export function setTheme(theme: Theme): void {
  chosen = theme;
  writeCookie(themeCookieName, theme, oneYearSeconds);
  for (const listener of listeners) listener();
}

/** The theme to render: the one chosen in this tab, else the server's (from the cookie). */
export function useTheme(serverTheme: Theme): Theme {
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => chosen,
    () => null,
  );
  return value ?? serverTheme;
}
