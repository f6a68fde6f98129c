// What each provider writes next to a meeting link: the conferencing product behind it, by host.

export type LinkKind = "meet" | "zoom" | "teams" | "other";

export function linkKind(url: string): LinkKind {
  const host = URL.canParse(url) ? new URL(url).hostname : "";
  if (host === "meet.google.com") return "meet";
  if (host === "zoom.us" || host.endsWith(".zoom.us")) return "zoom";
  if (host === "teams.microsoft.com" || host === "teams.live.com") return "teams";
  return "other";
}

/** The meeting's own id as the provider shows it: the Meet code or the Zoom meeting number. */
export function conferenceId(url: string): string {
  const path = URL.canParse(url) ? new URL(url).pathname : "";
  const kind = linkKind(url);
  if (kind === "meet") return path.slice(1);
  if (kind === "zoom") return /\/j\/(\d+)/.exec(path)?.[1] ?? path.slice(1);
  return path.split("/").filter(Boolean).at(-1) ?? "";
}

/** An HTML invitation text with the link (HTML-escaped, `&` as `&amp;`), as calendar clients write it. */
export function descriptionWithLink(description: string | null, url: string): string {
  const intro = description ? `${description}<br><br>` : "";
  const escaped = url.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
  return `${intro}Join the meeting: <a href="${escaped}">${escaped}</a>`;
}
