// Apart from analytics-client.ts so the root layout can name the analytics id (data-analytics for the static
// pages) without loading the client with the first paint (issue 22).

/** 'web_' + base64url (no padding) of the user id's UTF-8 bytes (spec section 3). */
export function analyticsUserId(userId: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(userId)) binary += String.fromCharCode(byte);
  return `web_${btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}
