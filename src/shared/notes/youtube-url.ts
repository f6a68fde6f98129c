// YouTube links a user may paste (issue 4: type youtube). Only YouTube's own hosts; anything that merely
// contains "youtube" (youtube.com.evil.example, youtubee.com) is refused.
const hosts = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtu.be",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
// YouTube video ids are 11 characters of base64url (issue 4 brief); anything else is not a video link.
const videoId = /^[A-Za-z0-9_-]{11}$/;

/** The video a pasted YouTube link points at, or null for anything else (look-alike hosts included). */
export function parseYoutubeUrl(input: string): { videoId: string } | null {
  let url: URL;
  try {
    // People paste links without a scheme ("youtube.com/watch?v=..."); read those as https.
    const text = input.trim();
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || (url.port && url.port !== "443" && url.port !== "80")) return null;
  const host = url.hostname.toLowerCase();
  if (!hosts.has(host)) return null;
  const parts = url.pathname.split("/").filter(Boolean);
  const id =
    host === "youtu.be"
      ? parts[0]
      : parts[0] === "watch"
        ? url.searchParams.get("v")
        : ["shorts", "embed", "live", "v"].includes(parts[0] ?? "")
          ? parts[1]
          : null;
  return id && videoId.test(id) ? { videoId: id } : null;
}
