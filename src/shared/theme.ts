// spec section 5: theme is light or dark.
export const themes = ["light", "dark"] as const;
export type Theme = (typeof themes)[number];
export const themeCookieName = "theme";

export function parseTheme(value: string | undefined | null): Theme {
  return value === "dark" ? "dark" : "light";
}
