import { EventEmitter } from "node:events";
import type { ClientRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { LinkRefusedError, watchConnection, withinConnectTimeout } from "./link-check";

// A network that is down shows before any byte moves: no DNS answer, or no connection. Both are told
// apart from a slow or cut transfer, which is worth another try (issue 17).

class FakeSocket extends EventEmitter {
  connecting = true;
}

type FakeRequest = ClientRequest & { destroyedWith: unknown; fakeSocket: FakeSocket };

function fakeRequest(): FakeRequest {
  const request = new EventEmitter() as unknown as FakeRequest;
  Object.assign(request, {
    host: "www.youtube.com",
    destroyedWith: null,
    destroy(error?: unknown) {
      request.destroyedWith = error;
      return request;
    },
  });
  request.fakeSocket = new FakeSocket();
  return request;
}

describe("watchConnection", () => {
  it("gives up on a connection that is not made within the connect timeout", async () => {
    const request = fakeRequest();
    watchConnection(request, 30);
    request.emit("socket", request.fakeSocket);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(request.destroyedWith).toMatchObject({ name: "LinkRefusedError", code: "UNREACHABLE" });
  });

  it("names a failure before connecting UNREACHABLE, and leaves one after connecting to the caller", async () => {
    const refused = fakeRequest();
    const beforeConnect = watchConnection(refused, 1000);
    refused.emit("socket", refused.fakeSocket);
    expect(beforeConnect.failure(Object.assign(new Error("connect ECONNREFUSED 142.250.1.1:443"), { code: "ECONNREFUSED" }))).toMatchObject(
      {
        code: "UNREACHABLE",
      },
    );

    const reset = fakeRequest();
    const afterConnect = watchConnection(reset, 30);
    reset.emit("socket", reset.fakeSocket);
    reset.fakeSocket.connecting = false;
    reset.fakeSocket.emit("connect");
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(reset.destroyedWith).toBeNull();
    expect(afterConnect.failure(new Error("socket hang up"))).toBeNull();
    // Our own refusals (a size limit, a deadline) pass through as they are.
    expect(afterConnect.failure(new LinkRefusedError("TIMEOUT"))).toMatchObject({ code: "TIMEOUT" });
  });
});

describe("withinConnectTimeout", () => {
  it("gives up waiting on DNS at the connect timeout", async () => {
    const never = new Promise<string[]>(() => {});
    await expect(withinConnectTimeout(never, 30, "www.youtube.com")).rejects.toMatchObject({ code: "UNREACHABLE" });
    await expect(withinConnectTimeout(Promise.resolve(["142.250.1.1"]), 30, "www.youtube.com")).resolves.toEqual(["142.250.1.1"]);
  });
});
