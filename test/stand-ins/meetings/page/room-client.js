// The meeting page's shared room client (stand-in only; served as plain JS). It keeps one server-sent event
// stream to the stand-in, renders the screen the server's snapshot names through the platform skin
// (window.ParleySkin), receives every speaker's microphone over WebRTC (the page offers, recvonly; no STUN,
// loopback only), plays each remote track in an <audio data-remote-audio> element as the platforms do, and
// lights speaking indicators from the received audio level (AnalyserNode), as the platforms do from server
// audio levels.
(() => {
  const config = window.__roomConfig;
  const skin = window.ParleySkin;
  const clientId = crypto.randomUUID();
  const roomBase = `/__rooms/${encodeURIComponent(config.meetingId)}`;
  const app = document.getElementById("app");
  // Above this RMS (full scale 1.0) a participant counts as speaking; the indicator holds for 400 ms so
  // pauses between words do not flicker it.
  const speakingRms = 0.01;
  const holdMs = 400;

  let snapshot = null;
  let screenKey = null;
  let hasContinued = false;
  let isChatOpen = false;
  let audioContext = null;
  const peers = new Map();
  const speakingIds = new Set();

  const post = (action, body) =>
    fetch(`${roomBase}/${action}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  const ensureAudioContext = () => {
    if (!audioContext) audioContext = new AudioContext();
    if (audioContext.state === "suspended") audioContext.resume().catch(() => {});
    return audioContext;
  };

  const h = (tag, attributes, ...children) => {
    const element = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) element.addEventListener(key.slice(2).toLowerCase(), value);
      else if (key === "className") element.className = value;
      else element.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) element.append(child);
    return element;
  };
  window.ParleyDom = { h };

  const actions = {
    continueOnBrowser() {
      hasContinued = true;
      render();
    },
    knock(name, passcode) {
      ensureAudioContext();
      return post("knock", { client: clientId, name, passcode: passcode || config.urlPasscode || null, zak: config.zak || null });
    },
    leave() {
      return post("leave", { client: clientId });
    },
    sendChat(text) {
      return post("chat", { client: clientId, text });
    },
    toggleChat() {
      isChatOpen = !isChatOpen;
      update();
    },
  };

  const screenFor = (s) => {
    if (!s) return "loading";
    if (!s.isKnown) return "not_found";
    if (s.state !== "prejoin") return s.state;
    // A Zoom page opened with a ZAK Zoom took is signed in: its walls do not apply (research 8).
    if (s.registrationRequired && !config.zak) return "registration_required";
    if (s.signInRequired && !config.zak) return "sign_in_required";
    if (config.platform === "microsoft_teams" && !hasContinued) return "launcher";
    return "prejoin";
  };

  const model = () => ({
    ...(snapshot || {}),
    needsPasscodeField: Boolean(snapshot?.needsPasscode) && !config.urlPasscode,
    isChatOpen,
    speakingIds,
  });

  function render() {
    const key = screenFor(snapshot);
    if (key !== screenKey) {
      screenKey = key;
      app.replaceChildren(skin.screen(key, model(), actions));
    }
    update();
  }

  function update() {
    if (screenKey === "in_call") {
      skin.updateCall(app, model(), actions);
      syncPeers(snapshot.participants.filter((p) => p.hasMedia).map((p) => p.id));
    } else syncPeers([]);
  }

  function syncPeers(wanted) {
    for (const id of [...peers.keys()]) if (!wanted.includes(id)) closePeer(id);
    for (const id of wanted) if (!peers.has(id)) connectPeer(id).catch((error) => console.warn("peer failed", id, error));
  }

  function closePeer(id) {
    const peer = peers.get(id);
    peers.delete(id);
    speakingIds.delete(id);
    if (!peer) return;
    peer.pc.close();
    peer.audio?.remove();
  }

  const gathered = (pc) =>
    pc.iceGatheringState === "complete"
      ? Promise.resolve()
      : new Promise((resolve) => {
          pc.addEventListener("icegatheringstatechange", () => {
            if (pc.iceGatheringState === "complete") resolve();
          });
        });

  async function connectPeer(id) {
    const pc = new RTCPeerConnection({ iceServers: [] });
    const peer = { pc, audio: null, analyser: null, samples: null, loudUntil: 0 };
    peers.set(id, peer);
    pc.addTransceiver("audio", { direction: "recvonly" });
    pc.addEventListener("track", (event) => {
      const stream = new MediaStream([event.track]);
      // Like Meet: one playing <audio data-remote-audio> per remote participant (WebAudio hears a remote track only while
      // a media element plays it).
      peer.audio = h("audio", { autoplay: true, "data-remote-audio": id, style: "display:none" });
      peer.audio.srcObject = stream;
      document.body.append(peer.audio);
      peer.audio.play().catch(() => {});
      const context = ensureAudioContext();
      peer.analyser = context.createAnalyser();
      peer.analyser.fftSize = 1024;
      peer.samples = new Float32Array(peer.analyser.fftSize);
      context.createMediaStreamSource(stream).connect(peer.analyser);
    });
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    if (peers.get(id) !== peer) return;
    await post("signal", { from: clientId, to: id, data: { type: "offer", sdp: pc.localDescription.sdp } });
  }

  setInterval(() => {
    const now = performance.now();
    for (const [id, peer] of peers) {
      if (!peer.analyser) continue;
      peer.analyser.getFloatTimeDomainData(peer.samples);
      let sum = 0;
      for (const sample of peer.samples) sum += sample * sample;
      if (Math.sqrt(sum / peer.samples.length) > speakingRms) peer.loudUntil = now + holdMs;
      const isSpeaking = now < peer.loudUntil;
      if (isSpeaking !== speakingIds.has(id)) {
        if (isSpeaking) speakingIds.add(id);
        else speakingIds.delete(id);
        if (screenKey === "in_call") skin.setSpeaking(app, id, isSpeaking);
      }
    }
  }, 50);

  const source = new EventSource(`${roomBase}/stream?client=${encodeURIComponent(clientId)}&role=page`);
  source.addEventListener("snapshot", (event) => {
    snapshot = JSON.parse(event.data);
    render();
  });
  source.addEventListener("signal", (event) => {
    const { from, data } = JSON.parse(event.data);
    const peer = peers.get(from);
    if (peer && data?.type === "answer") peer.pc.setRemoteDescription(data).catch((error) => console.warn("answer failed", error));
  });
  render();
})();
