// One look for every text field, text area and select (radius, border, surface, dark mode), so forms
// cannot drift apart again: before, ten forms each carried a copy and two dark palettes had grown. Where a
// field sits and how roomy it is (width, margin, padding) stays with the form that places it.
const fieldLook = "rounded-lg border border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-950";

/**
 * The shared look, then the text size, then the caller's layout classes. Padding and size are not in the
 * look: Tailwind orders utilities by property, not by where they are written, so a caller could not
 * override them.
 */
export function fieldClassName(layout: string | undefined, textSize = "text-sm"): string {
  return layout ? `${fieldLook} ${textSize} ${layout}` : `${fieldLook} ${textSize}`;
}
