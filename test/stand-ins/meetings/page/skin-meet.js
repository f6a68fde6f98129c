// Google Meet skin for the stand-in room client: the DOM hooks src/bot/platforms/google-meet-selectors.ts
// reads (guest name field, "Ask to join", lobby texts, [data-participant-id] tiles with span.notranslate
// names and a [data-audio-level] speaking indicator, the chat panel, end and error screens).
window.ParleySkin = (() => {
  const h = (...args) => window.ParleyDom.h(...args);
  const notice = (title, body, ...buttons) => h("main", { role: "main" }, h("h1", {}, title), body ? h("p", {}, body) : null, ...buttons);
  const home = () => h("button", { type: "button" }, "Return to home screen");

  const toggle = (on, off) => {
    const button = h("div", { role: "button", tabindex: "0", "aria-label": on });
    button.addEventListener("click", () => button.setAttribute("aria-label", button.getAttribute("aria-label") === on ? off : on));
    return button;
  };

  function prejoin(actions) {
    const input = h("input", { type: "text", "aria-label": "Your name", placeholder: "Your name" });
    const join = h("button", { type: "button", disabled: true }, h("span", {}, "Ask to join"));
    input.addEventListener("input", () => {
      join.disabled = input.value.trim() === "";
    });
    join.addEventListener("click", () => actions.knock(input.value.trim(), null));
    return h(
      "main",
      { role: "main" },
      h("h1", {}, "What's your name?"),
      input,
      toggle("Turn off microphone", "Turn on microphone"),
      toggle("Turn off camera", "Turn on camera"),
      join,
    );
  }

  function inCall(model, actions) {
    return h(
      "div",
      { jsname: "BOHaEe", role: "main" },
      h("div", { className: "waiting-notice" }),
      h(
        "div",
        { className: "tiles" },
        h(
          "div",
          { "data-participant-id": "spaces/self/devices/1" },
          h("div", { "data-self-name": "You" }, h("span", { className: "notranslate" }, model.name || "You")),
        ),
        h("div", { className: "others" }),
      ),
      h(
        "div",
        { role: "toolbar" },
        h("button", { type: "button", "aria-label": "Turn on microphone" }),
        h("button", { type: "button", "aria-label": "Chat with everyone", onclick: () => actions.toggleChat() }),
        h("button", { type: "button", "aria-label": "Leave call", onclick: () => actions.leave() }),
      ),
      h("aside", { className: "chat" }),
    );
  }

  function chatPanel(model, actions) {
    const textarea = h("textarea", { "aria-label": "Send a message", placeholder: "Send a message" });
    const sendButton = h("button", { type: "button", "aria-label": "Send a message" });
    sendButton.addEventListener("click", () => {
      const text = textarea.value.trim();
      if (text) actions.sendChat(text).then(() => (textarea.value = ""));
    });
    return h(
      "section",
      { "aria-label": "In-call messages" },
      h("h2", {}, "In-call messages"),
      h(
        "div",
        { "aria-live": "polite" },
        model.chat.map((message) =>
          h(
            "div",
            { "data-message-id": "m" },
            h("div", { className: "sender" }, message.from),
            h("div", { "data-message-text": "" }, message.text),
          ),
        ),
      ),
      textarea,
      sendButton,
    );
  }

  return {
    screen(key, model, actions) {
      switch (key) {
        case "loading":
          return notice("Getting ready...");
        case "not_found":
          return notice(
            "Check your meeting code",
            "Make sure you entered the correct meeting code in the URL, for example: https://meet.google.com/xxx-yyyy-zzz",
            home(),
          );
        case "sign_in_required":
          return notice("You can't join this video call", "No one can join a meeting unless invited or admitted by the host", home());
        case "prejoin":
        case "password_incorrect":
          return prejoin(actions);
        case "full":
          return notice("You can't join this call", "This call is full", home());
        case "locked":
          return notice("You can't join this call", "The host has locked this call", home());
        case "waiting":
          return h(
            "main",
            { role: "main" },
            h("h1", {}, "Asking to be let in..."),
            h("p", {}, "You'll join the call when someone lets you in"),
            // Meet shows a leave control in the lobby too (why the probe reads lobby text first).
            h("button", { type: "button", "aria-label": "Leave call", onclick: () => actions.leave() }),
          );
        case "in_call":
          return inCall(model, actions);
        case "denied":
          return notice("You can't join this call", "Someone in the call denied your request to join", home());
        case "removed_call":
          return notice("You've been removed from the meeting", null, home());
        case "ended_by_host":
          return notice("The meeting has ended", "The host ended the meeting for everyone", home());
        case "left":
          return notice("You left the meeting", null, h("button", { type: "button" }, "Rejoin"), home());
        default:
          return notice(key);
      }
    },
    updateCall(root, model, actions) {
      root.querySelector(".others").replaceChildren(
        ...model.participants.map((p) =>
          h(
            "div",
            { "data-participant-id": `spaces/room/devices/${p.id}`, "data-client-id": p.id },
            h("span", { className: "notranslate" }, p.name),
            h("div", {
              "data-audio-level": model.speakingIds.has(p.id) ? "2" : "0",
              className: model.speakingIds.has(p.id) ? "Oaajhc" : "gjg47c",
            }),
          ),
        ),
      );
      const waiting = model.waitingCount;
      root
        .querySelector(".waiting-notice")
        .replaceChildren(
          ...(waiting > 0
            ? [
                h("div", { role: "alert" }, "Someone wants to join this call"),
                h(
                  "button",
                  { type: "button", "aria-label": `Admit ${waiting} guest${waiting === 1 ? "" : "s"}` },
                  `Admit ${waiting} guest${waiting === 1 ? "" : "s"}`,
                ),
              ]
            : []),
        );
      const chat = root.querySelector(".chat");
      const open = model.isChatOpen;
      const textarea = chat.querySelector("textarea");
      const draft = textarea ? textarea.value : "";
      chat.replaceChildren(...(open ? [chatPanel(model, actions)] : []));
      if (open && draft) chat.querySelector("textarea").value = draft;
    },
    setSpeaking(root, id, isSpeaking) {
      const level = root.querySelector(`[data-client-id="${CSS.escape(id)}"] [data-audio-level]`);
      if (!level) return;
      level.setAttribute("data-audio-level", isSpeaking ? "2" : "0");
      level.className = isSpeaking ? "Oaajhc" : "gjg47c";
    },
  };
})();
