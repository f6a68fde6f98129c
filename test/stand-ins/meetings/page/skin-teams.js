// Microsoft Teams skin for the stand-in room client: the DOM hooks src/bot/platforms/teams-selectors.ts reads
// (launcher "Continue on this browser", prejoin name/passcode fields and switches, #prejoin-join-button, lobby
// text, #roster-button/#chat-button/#hangup-button, participant streams with a voice-level outline, the
// ckeditor chat box, end and error screens).
window.ParleySkin = (() => {
  const h = (...args) => window.ParleyDom.h(...args);
  const notice = (title, body) => h("main", { role: "main" }, h("h2", {}, title), body ? h("p", {}, body) : null);

  function prejoin(model, actions, error) {
    const name = h("input", { type: "text", "data-tid": "prejoin-display-name-input", placeholder: "Type your name" });
    const passcode = model.needsPasscodeField
      ? h("input", { type: "text", "data-tid": "prejoin-passcode-input", placeholder: "Meeting passcode" })
      : null;
    const join = h("button", { id: "prejoin-join-button", "data-tid": "prejoin-join-button", type: "button" }, "Join now");
    join.addEventListener("click", () => {
      if (name.value.trim()) actions.knock(name.value.trim(), passcode ? passcode.value.trim() : null);
    });
    return h(
      "main",
      { role: "main" },
      h("h2", {}, "Microsoft Teams meeting"),
      h("p", {}, "Choose your audio and video settings"),
      name,
      passcode,
      error ? h("div", { role: "alert", "data-tid": "prejoin-passcode-error" }, error) : null,
      h("label", {}, h("input", { type: "checkbox", role: "switch", "data-tid": "toggle-video", checked: true }), "Camera"),
      h("label", {}, h("input", { type: "checkbox", role: "switch", "data-tid": "toggle-mute", checked: true }), "Microphone"),
      join,
    );
  }

  function inCall(actions) {
    return h(
      "div",
      { role: "main", "data-tid": "calling-screen" },
      h("div", { className: "lobby-notice" }),
      h("div", { "data-tid": "video-gallery", className: "gallery" }),
      h(
        "div",
        { role: "toolbar", "data-tid": "call-controls" },
        h("button", { id: "roster-button", type: "button", "aria-label": "People" }, "People"),
        h("button", { id: "chat-button", type: "button", "aria-label": "Chat", onclick: () => actions.toggleChat() }, "Chat"),
        h(
          "button",
          { id: "hangup-button", "data-tid": "hangup-main-btn", type: "button", "aria-label": "Leave", onclick: () => actions.leave() },
          "Leave",
        ),
      ),
      h("aside", { className: "chat" }),
    );
  }

  function chatPanel(model, actions) {
    const editor = h("div", { "data-tid": "ckeditor", contenteditable: "true", role: "textbox", "aria-label": "Type a message" });
    const sendButton = h("button", { type: "button", "data-tid": "newMessageCommands-send", "aria-label": "Send" }, "Send");
    sendButton.addEventListener("click", () => {
      const text = editor.textContent.trim();
      if (text) actions.sendChat(text).then(() => (editor.textContent = ""));
    });
    return h(
      "section",
      { "data-tid": "chat-pane" },
      h(
        "div",
        { "data-tid": "message-pane-list-viewport" },
        model.chat.map((message) =>
          h(
            "div",
            { "data-tid": "chat-pane-message" },
            h("span", { "data-tid": "message-author-name" }, message.from),
            h("div", {}, message.text),
          ),
        ),
      ),
      editor,
      sendButton,
    );
  }

  return {
    screen(key, model, actions) {
      switch (key) {
        case "loading":
          return notice("Loading...");
        case "launcher":
          return h(
            "main",
            { role: "main" },
            h("h2", {}, "How do you want to join your Teams meeting?"),
            h("button", { type: "button" }, "Join on the Teams app"),
            h(
              "button",
              { type: "button", "data-tid": "joinOnWeb", onclick: () => actions.continueOnBrowser() },
              "Continue on this browser",
            ),
          );
        case "not_found":
          return notice("We couldn't find this meeting", "Check the link and try again.");
        case "sign_in_required":
          return notice(
            "Sign in to join this meeting",
            "This meeting doesn't allow anonymous participants. Sign in with a work or school account.",
          );
        case "prejoin":
          return prejoin(model, actions, null);
        case "password_incorrect":
          return prejoin(model, actions, "The meeting passcode is incorrect. Check it and try again.");
        case "full":
          return notice("This meeting is full", "You can't join because the meeting has reached its capacity.");
        case "locked":
          return notice("You can't join right now", "The organizer has locked this meeting.");
        case "waiting":
          return h(
            "main",
            { role: "main", "data-tid": "lobby-screen" },
            h("h2", {}, "Someone will let you in soon"),
            h("button", { id: "hangup-button", type: "button", "aria-label": "Leave", onclick: () => actions.leave() }, "Leave"),
          );
        case "in_call":
          return inCall(actions);
        case "denied":
          return notice("Sorry, but you were denied access to the meeting.");
        case "removed_call":
          return notice("You've been removed from this meeting");
        case "ended_by_host":
          return notice("Meeting ended", "The organizer ended the meeting for everyone.");
        case "left":
          return h("main", { role: "main" }, h("h2", {}, "You left the meeting"), h("button", { type: "button" }, "Rejoin"));
        default:
          return notice(key);
      }
    },
    updateCall(root, model, actions) {
      root
        .querySelector(".gallery")
        .replaceChildren(
          ...model.participants.map((p) =>
            h(
              "div",
              { "data-cid": "calling-participant-stream", "data-participant-id": p.id, "data-stream-type": "Video" },
              model.speakingIds.has(p.id) ? h("div", { "data-tid": "voice-level-stream-outline" }) : null,
              h("span", { "data-tid": "participant-name" }, p.name),
            ),
          ),
        );
      const waiting = model.waitingCount;
      root
        .querySelector(".lobby-notice")
        .replaceChildren(
          ...(waiting > 0 ? [h("div", { role: "status", "data-tid": "lobby-notification" }, `Waiting in lobby (${waiting})`)] : []),
        );
      const chat = root.querySelector(".chat");
      const editor = chat.querySelector('[data-tid="ckeditor"]');
      const draft = editor ? editor.textContent : "";
      chat.replaceChildren(...(model.isChatOpen ? [chatPanel(model, actions)] : []));
      if (model.isChatOpen && draft) chat.querySelector('[data-tid="ckeditor"]').textContent = draft;
    },
    setSpeaking(root, id, isSpeaking) {
      const tile = root.querySelector(`[data-cid="calling-participant-stream"][data-participant-id="${CSS.escape(id)}"]`);
      if (!tile) return;
      const outline = tile.querySelector('[data-tid="voice-level-stream-outline"]');
      if (isSpeaking && !outline) tile.prepend(h("div", { "data-tid": "voice-level-stream-outline" }));
      if (!isSpeaking && outline) outline.remove();
    },
  };
})();
