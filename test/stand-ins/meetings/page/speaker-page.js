// A remote participant (stand-in only; served as plain JS, one Chromium per speaker). It joins the room by
// opening its event stream (the server lists it by name), answers the meeting page's offer with a sendonly
// audio transceiver that carries nothing, and on speak() opens the microphone (Chromium's fake device reads
// --use-file-for-fake-audio-capture from the start) and puts it on the sender for the clip's duration.
(() => {
  const { meetingId, name } = window.__speakerConfig;
  const clientId = crypto.randomUUID();
  const roomBase = `/__rooms/${encodeURIComponent(meetingId)}`;
  const post = (action, body) =>
    fetch(`${roomBase}/${action}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  let pc = null;
  let connectedWaiters = [];
  const state = { isJoined: false, isConnected: false, spoken: 0 };

  const gathered = (connection) =>
    connection.iceGatheringState === "complete"
      ? Promise.resolve()
      : new Promise((resolve) => {
          connection.addEventListener("icegatheringstatechange", () => {
            if (connection.iceGatheringState === "complete") resolve();
          });
        });

  async function answer(from, offer) {
    pc?.close();
    const connection = new RTCPeerConnection({ iceServers: [] });
    pc = connection;
    state.isConnected = false;
    connection.addEventListener("connectionstatechange", () => {
      state.isConnected = connection.connectionState === "connected";
      if (state.isConnected) {
        for (const resolve of connectedWaiters) resolve();
        connectedWaiters = [];
      }
    });
    await connection.setRemoteDescription(offer);
    for (const transceiver of connection.getTransceivers()) transceiver.direction = "sendonly";
    await connection.setLocalDescription(await connection.createAnswer());
    await gathered(connection);
    await post("signal", { from: clientId, to: from, data: { type: "answer", sdp: connection.localDescription.sdp } });
  }

  const untilConnected = (timeoutMs) =>
    state.isConnected
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error("no meeting page connected to this speaker")), timeoutMs);
          connectedWaiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });

  const source = new EventSource(`${roomBase}/stream?client=${encodeURIComponent(clientId)}&role=speaker&name=${encodeURIComponent(name)}`);
  source.addEventListener("joined", () => {
    state.isJoined = true;
  });
  source.addEventListener("signal", (event) => {
    const { from, data } = JSON.parse(event.data);
    if (data?.type === "offer") answer(from, data).catch((error) => console.warn("answer failed", error));
  });

  window.__speaker = {
    state,
    /** Sends the clip (durationMs long) and resolves once it has been sent; silence before and after. */
    async speak(durationMs, connectTimeoutMs) {
      await untilConnected(connectTimeoutMs);
      const media = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      });
      const [track] = media.getAudioTracks();
      const sender = pc.getTransceivers()[0].sender;
      await sender.replaceTrack(track);
      // The clip plus a little for the packets still on their way.
      await new Promise((resolve) => setTimeout(resolve, durationMs + 300));
      await sender.replaceTrack(null);
      track.stop();
      state.spoken += 1;
    },
    async leave() {
      source.close();
      pc?.close();
      await post("leave", { client: clientId });
    },
  };
})();
