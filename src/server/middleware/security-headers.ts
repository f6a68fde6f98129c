import { NONCE, secureHeaders } from "hono/secure-headers";

// CSP: our own origin only; inline scripts only with the per-request nonce React Router renders.
// Third-party origins (Paddle, Google One Tap) join this list only when configured (interpretations 27).
export function securityHeaders({ thirdPartyOrigins = [] }: { thirdPartyOrigins?: string[] } = {}) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...thirdPartyOrigins],
      frameSrc: ["'self'", ...thirdPartyOrigins],
      styleSrc: ["'self'", "'unsafe-inline'", ...thirdPartyOrigins],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", ...thirdPartyOrigins],
      mediaSrc: ["'self'", "blob:"],
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
