import { NONCE, secureHeaders } from "hono/secure-headers";

// CSP: our own origin only; inline scripts only with the per-request nonce React Router renders.
// Third-party origins (Paddle, Google One Tap) join this list only when configured (interpretations 27).
/** `connectOrigins`: hosts the browser only sends data to (a separate analytics gateway): connect-src alone. */
export function securityHeaders({
  thirdPartyOrigins = [],
  connectOrigins = [],
  mediaOrigins = [],
}: {
  thirdPartyOrigins?: string[];
  connectOrigins?: string[];
  /** Where players may load media from besides this origin: the S3 store's presigned URLs (issue 21). */
  mediaOrigins?: string[];
} = {}) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...thirdPartyOrigins],
      frameSrc: ["'self'", ...thirdPartyOrigins],
      styleSrc: ["'self'", "'unsafe-inline'", ...thirdPartyOrigins],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", ...thirdPartyOrigins, ...connectOrigins],
      mediaSrc: ["'self'", "blob:", ...mediaOrigins],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: "max-age=31536000; includeSubDomains",
  });
}
