// What runs inside the meeting page, before the platform's own scripts (page.addInitScript), to capture
// every remote voice (issue 6; research/meeting-bot.md, gotchas 1 and 4):
//   - RTCPeerConnection is wrapped so every remote audio track (track events, and the receivers of
//     connections made before a track event was seen) is found;
//   - each track is mirrored into a hidden muted <audio>: without a media element playing it, a remote
//     WebRTC track is silent in WebAudio;
//   - each track feeds one shared AudioContext: a per-source tap worklet (RMS per 100 ms -> voice activity)
//     and a mix bus; the mix has its own tap (16 kHz Int16 PCM for Node) and a MediaStreamAudioDestination
//     that MediaRecorder records as webm/opus in 1 s chunks once the runner says so (at admission).
// Everything reaches Node through bindings exposed before navigation (page-capture.ts). The function is
// serialised with toString(), so it must not use anything from outside its body.

export interface PageCaptureConfig {
  workletSource: string;
  processorName: string;
  /** Names of the Node bindings (page.exposeBinding). */
  reportBinding: string;
  chunkBinding: string;
  /** Where the page API lives on window, for the runner's evaluate calls. */
  apiName: string;
  /** How often levels and PCM are sent to Node. */
  reportEveryMs: number;
}

export interface PageCaptureApi {
  /** Starts MediaRecorder on the mix; resolves with its start time (ms since the epoch). */
  startRecorder(): Promise<number>;
  /** Stops it and resolves once the last chunk has reached Node. */
  stopRecorder(): Promise<void>;
}

type Binding = (payload: unknown) => Promise<unknown>;

export function pageCaptureMain(config: PageCaptureConfig): void {
  // Platforms embed iframes (chat, add-ons); the call's audio lives in the top page.
  if (window !== window.top) return;
  const scope = window as unknown as Record<string, unknown>;
  if (scope[config.apiName]) return;
  const binding = (name: string): Binding => {
    const fn = scope[name];
    return typeof fn === "function" ? (fn as Binding) : async () => undefined;
  };

  const NativeConnection = window.RTCPeerConnection;
  const context = new AudioContext({ sampleRate: 48_000 });
  const mixBus = context.createGain();
  const recorderDestination = context.createMediaStreamDestination();
  // Worklets are pulled only when connected towards the destination: route them through a silent gain.
  const sink = context.createGain();
  sink.gain.value = 0;
  sink.connect(context.destination);
  mixBus.connect(recorderDestination);

  const pendingLevels = new Map<string, number[]>();
  const endedSources: string[] = [];
  let pendingPcm: Int16Array[] = [];
  const sources = new Map<string, { nodes: AudioNode[]; element: HTMLAudioElement }>();

  const ready = (async () => {
    const url = URL.createObjectURL(new Blob([config.workletSource], { type: "application/javascript" }));
    await context.audioWorklet.addModule(url);
    URL.revokeObjectURL(url);
    const mixTap = new AudioWorkletNode(context, config.processorName, { processorOptions: { wantsPcm: true } });
    mixTap.port.onmessage = (message: MessageEvent<{ rms: number; pcm?: Int16Array }>) => {
      if (message.data.pcm) pendingPcm.push(message.data.pcm);
    };
    mixBus.connect(mixTap);
    mixTap.connect(sink);
    if (context.state !== "running") await context.resume().catch(() => undefined);
  })();

  function attach(track: MediaStreamTrack): void {
    if (track.kind !== "audio" || track.readyState !== "live" || sources.has(track.id)) return;
    const stream = new MediaStream([track]);
    const element = document.createElement("audio");
    element.muted = true;
    element.autoplay = true;
    element.srcObject = stream;
    element.style.display = "none";
    element.dataset.parleyCapture = track.id;
    (document.body ?? document.documentElement).appendChild(element);
    void element.play().catch(() => undefined);
    const entry = { nodes: [] as AudioNode[], element };
    sources.set(track.id, entry);
    void ready.then(() => {
      if (!sources.has(track.id)) return;
      const source = context.createMediaStreamSource(stream);
      const tap = new AudioWorkletNode(context, config.processorName, { processorOptions: { wantsPcm: false } });
      tap.port.onmessage = (message: MessageEvent<{ rms: number }>) => {
        const list = pendingLevels.get(track.id) ?? [];
        list.push(message.data.rms);
        pendingLevels.set(track.id, list);
      };
      source.connect(tap);
      tap.connect(sink);
      source.connect(mixBus);
      entry.nodes.push(source, tap);
    });
    track.addEventListener("ended", () => {
      const gone = sources.get(track.id);
      if (!gone) return;
      sources.delete(track.id);
      for (const node of gone.nodes) node.disconnect();
      gone.element.remove();
      endedSources.push(track.id);
    });
  }

  const connections = new Set<RTCPeerConnection>();
  class CapturingConnection extends NativeConnection {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      connections.add(this);
      this.addEventListener("track", (event) => attach(event.track));
      this.addEventListener("connectionstatechange", () => {
        if (this.connectionState === "closed") connections.delete(this);
      });
    }
  }
  scope.RTCPeerConnection = CapturingConnection;
  if ("webkitRTCPeerConnection" in scope) scope.webkitRTCPeerConnection = CapturingConnection;

  const toBase64 = (bytes: Uint8Array): string => {
    let text = "";
    for (let offset = 0; offset < bytes.length; offset += 0x8000)
      text += String.fromCharCode.apply(null, Array.from(bytes.subarray(offset, offset + 0x8000)));
    return btoa(text);
  };

  const report = binding(config.reportBinding);
  setInterval(() => {
    // Tracks a page wired before a track event (or added to an existing receiver) are found here.
    for (const connection of connections) for (const receiver of connection.getReceivers()) attach(receiver.track);
    if (context.state === "suspended") void context.resume().catch(() => undefined);
    const levels = [...pendingLevels].map(([id, rms]) => ({ id, rms }));
    pendingLevels.clear();
    const pcmBlocks = pendingPcm;
    pendingPcm = [];
    const length = pcmBlocks.reduce((sum, block) => sum + block.length, 0);
    const pcm = new Int16Array(length);
    let offset = 0;
    for (const block of pcmBlocks) {
      pcm.set(block, offset);
      offset += block.length;
    }
    const ended = endedSources.splice(0);
    if (levels.length === 0 && length === 0 && ended.length === 0) return;
    void report({ at: Date.now(), levels, ended, pcm: toBase64(new Uint8Array(pcm.buffer)) }).catch(() => undefined);
  }, config.reportEveryMs);

  const sendChunk = binding(config.chunkBinding);
  let recorder: MediaRecorder | null = null;
  let delivered: Promise<unknown> = Promise.resolve();
  let index = 0;
  const api: PageCaptureApi = {
    async startRecorder() {
      await ready;
      if (recorder) return Date.now();
      recorder = new MediaRecorder(recorderDestination.stream, { mimeType: "audio/webm;codecs=opus" });
      recorder.ondataavailable = (event: BlobEvent) => {
        if (event.data.size === 0) return;
        const chunkIndex = index++;
        const blob = event.data;
        // Chained: chunk n reaches Node before chunk n + 1, whatever arrayBuffer() takes.
        delivered = delivered.then(async () => sendChunk({ index: chunkIndex, data: toBase64(new Uint8Array(await blob.arrayBuffer())) }));
      };
      const startedAt = new Promise<number>((resolve) => {
        recorder?.addEventListener("start", () => resolve(Date.now()), { once: true });
      });
      recorder.start(1_000);
      return startedAt;
    },
    async stopRecorder() {
      const active = recorder;
      if (!active || active.state === "inactive") return void (await delivered);
      const stopped = new Promise<void>((resolve) => active.addEventListener("stop", () => resolve(), { once: true }));
      active.stop();
      await stopped;
      await delivered;
    },
  };
  scope[config.apiName] = api;
}

/** The init script's text: the function above with its config (and a shim for esbuild's name helper). */
export function pageCaptureScript(config: PageCaptureConfig): string {
  // tsx/esbuild may wrap named functions in __name(...), which does not exist in the page.
  return `(() => { const __name = (target) => target; (${pageCaptureMain.toString()})(${JSON.stringify(config)}); })();`;
}
