import { connect } from "node:net";
import { checkedAddress, type LinkPolicy, LinkRefusedError, parseLinkUrl, withinConnectTimeout } from "./link-check";

// Before a long download: can this machine reach the host at all? A machine without internet must say so
// within seconds (issue 19), not after a download's 30 s idle timeout. DNS and a TCP handshake, each within
// `timeoutMs`, under the same host and address rules as the download itself.

/** Resolves when `url`'s host accepts a connection; else throws LinkRefusedError with the cause. */
export async function probeHost(url: string, policy: LinkPolicy, timeoutMs = 5_000): Promise<void> {
  const parsed = parseLinkUrl(url);
  const { address } = await withinConnectTimeout(checkedAddress(parsed, policy), timeoutMs, parsed.hostname);
  const port = Number(parsed.port || (parsed.protocol === "https:" ? 443 : 80));
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host: address, port });
    const fail = (message: string) => {
      socket.destroy();
      reject(new LinkRefusedError("UNREACHABLE", message));
    };
    socket.setTimeout(timeoutMs, () => fail(`no connection to ${parsed.host} within ${timeoutMs} ms`));
    socket.once("connect", () => {
      socket.end();
      resolve();
    });
    socket.once("error", (error) => fail(error.message));
  });
}
