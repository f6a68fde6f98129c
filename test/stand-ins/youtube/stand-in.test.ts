import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { youtubeStandInVideos } from "./videos";

describe("YouTube stand-in", () => {
  it("uses ids shaped like real video ids, each once", () => {
    const ids = Object.values(youtubeStandInVideos);
    expect(ids.every((id) => /^[A-Za-z0-9_-]{11}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("runs as a process on YOUTUBE_STAND_IN_PORT and answers /health", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/stand-ins/youtube/main.ts"], {
      env: { ...process.env, YOUTUBE_STAND_IN_PORT: "0" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      let output = "";
      child.stdout.setEncoding("utf8");
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: string) => {
          output += chunk;
          const match = /listening on (\d+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.once("exit", (code) => reject(new Error(`stand-in exited with ${code}`)));
      });
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      expect(await response.json()).toEqual({ ok: true });
    } finally {
      child.kill("SIGTERM");
      if (child.exitCode === null) await once(child, "exit");
    }
  });
});
