// spec section 4: a staging or localhost address gives staging, preprod gives preprod, anything else production.
export const environments = ["staging", "preprod", "production"] as const;
export type Environment = (typeof environments)[number];

export function environmentFromHost(host: string): Environment {
  const hostname = host.toLowerCase().replace(/:\d+$/, "");
  if (
    hostname.includes("staging") ||
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(hostname) ||
    hostname === "[::1]"
  ) {
    return "staging";
  }
  if (hostname.includes("preprod")) return "preprod";
  return "production";
}
