// Zoom web client skin for the stand-in room client: the DOM hooks src/bot/platforms/zoom-selectors.ts reads
// (#input-for-name, #input-for-pwd, preview buttons, waiting room text, .meeting-app with footer buttons,
// gallery frames with .video-avatar__avatar-footer names and an --active speaking frame, the rich-text
// chat box, .zm-modal-body-title modals, the recording permission notice).
window.ParleySkin = (() => {
  const h = (...args) => window.ParleyDom.h(...args);
  const modal = (title, body) =>
    h(
      "div",
      { className: "zm-modal", role: "dialog" },
      h("div", { className: "zm-modal-body-title" }, title),
      body ? h("div", { className: "zm-modal-body-content" }, body) : null,
    );
  // Keep in step with zoomRecordingPermissionTexts in src/bot/platforms/zoom-selectors.ts.
  const permissionTexts = {
    allow: "The host allowed you to record this meeting",
    zoom_local_recording_disabled: "Local recording is disabled for this meeting",
    zoom_local_recording_request_disabled: "Requests to record locally are turned off for this account",
    zoom_local_recording_request_disabled_by_host: "The host has turned off recording requests",
    zoom_host_not_present: "The host is not in the meeting to allow recording",
    zoom_local_recording_request_denied_by_host: "The host denied your request to record",
    zoom_local_recording_denied: "Recording permission was not granted",
    zoom_local_recording_grant_not_supported: "The host's client cannot grant recording permission",
    zoom_sdk_key_blocked_by_host_admin: "Recording by this app is blocked by the host's account admin",
  };

  const previewToggle = (id, on, off) => {
    const button = h("button", { id, type: "button", "aria-label": on });
    button.addEventListener("click", () => button.setAttribute("aria-label", button.getAttribute("aria-label") === on ? off : on));
    return button;
  };

  function preview(model, actions, error) {
    const name = h("input", {
      id: "input-for-name",
      type: "text",
      placeholder: "Your Name",
      className: "preview-meeting-info-field-input",
    });
    const showPasscode = model.needsPasscodeField || Boolean(error);
    const passcode = showPasscode ? h("input", { id: "input-for-pwd", type: "password", placeholder: "Meeting Passcode" }) : null;
    const join = h("button", { type: "button", className: "zm-btn preview-join-button", disabled: true }, "Join");
    name.addEventListener("input", () => {
      join.disabled = name.value.trim() === "";
    });
    join.addEventListener("click", () => actions.knock(name.value.trim(), passcode ? passcode.value.trim() : null));
    return h(
      "div",
      { className: "preview-root" },
      h("h1", {}, "Enter Meeting Info"),
      name,
      passcode,
      error ? h("div", { className: "preview-meeting-info-field-error", role: "alert" }, error) : null,
      previewToggle("preview-audio-control-button", "Mute", "Unmute"),
      previewToggle("preview-video-control-button", "Stop Video", "Start Video"),
      join,
    );
  }

  function meetingApp(model, actions) {
    const leave = h(
      "button",
      { type: "button", "aria-label": "Leave", className: "footer-button-base__button footer-button__button" },
      "Leave",
    );
    const menu = h("div", { className: "leave-menu" });
    leave.addEventListener("click", () =>
      menu.replaceChildren(
        h(
          "button",
          { type: "button", className: "leave-meeting-options__btn leave-meeting-options__btn--danger", onclick: () => actions.leave() },
          "Leave Meeting",
        ),
      ),
    );
    return h(
      "div",
      { className: "meeting-app" },
      h("div", { className: "notices" }),
      h(
        "div",
        { className: "gallery-video-container" },
        h(
          "div",
          { className: "gallery-video-container__video-frame gallery-video-container__video-frame--self" },
          h(
            "div",
            { className: "video-avatar__avatar" },
            h("div", { className: "video-avatar__avatar-footer" }, h("span", {}, model.name || "")),
          ),
        ),
        h("div", { className: "others", style: "display:contents" }),
      ),
      h(
        "footer",
        { className: "footer" },
        h("button", { type: "button", className: "join-audio-container__btn", "aria-label": "join audio" }),
        h(
          "button",
          { type: "button", "aria-label": "open the participants list pane" },
          h("span", { className: "footer-button__number-counter" }, h("span", {}, String(model.participants.length + 1))),
        ),
        h("button", { type: "button", "aria-label": "open the chat panel", onclick: () => actions.toggleChat() }),
        leave,
        menu,
      ),
      h("div", { className: "chat" }),
    );
  }

  function chatPanel(model, actions) {
    const editor = h("div", { contenteditable: "true", className: "tiptap ProseMirror", role: "textbox" });
    const sendButton = h("button", { type: "button", "aria-label": "send", className: "chat-rtf-box__send" });
    sendButton.addEventListener("click", () => {
      const text = editor.textContent.trim();
      if (text) actions.sendChat(text).then(() => (editor.textContent = ""));
    });
    return h(
      "div",
      { className: "chat-container" },
      model.chat.map((message) =>
        h(
          "div",
          { className: "new-chat-message__container" },
          h("div", { className: "chat-item__sender" }, message.from),
          h("div", { className: "new-chat-message__text-box" }, message.text),
        ),
      ),
      h("div", { className: "chat-rtf-box__editor-outer" }, h("div", { className: "chat-rtf-box__editor-wrapper" }, editor)),
      sendButton,
    );
  }

  return {
    screen(key, model, actions) {
      switch (key) {
        case "loading":
          return h("div", {}, "Loading...");
        case "not_found":
          return modal("This meeting link is invalid (3,001)", "Check the meeting link and try again.");
        case "sign_in_required":
          return modal("This meeting is for authorized attendees only", h("button", { type: "button" }, "Sign in to join"));
        case "registration_required":
          return h(
            "main",
            {},
            h("h1", {}, "Meeting Registration"),
            h("p", {}, "Registration is required to join this meeting."),
            h("button", { type: "button" }, "Register"),
          );
        case "prejoin":
          return preview(model, actions, null);
        case "password_incorrect":
          return preview(model, actions, "Passcode wrong");
        case "full":
          return modal("This meeting has reached its participant limit");
        case "locked":
          return modal("This meeting has been locked by the host");
        case "waiting":
          return h(
            "div",
            { className: "wr-container" },
            h("h1", {}, "Please wait, the meeting host will let you in soon."),
            h("button", { type: "button", onclick: () => actions.leave() }, "Leave Meeting"),
          );
        case "in_call":
          return meetingApp(model, actions);
        case "denied":
          return modal("The host has removed you from the waiting room");
        case "removed_call":
          return modal("You have been removed from this meeting");
        case "ended_by_host":
          return modal("This meeting has been ended by host");
        case "left":
          return h("div", {}, h("h1", {}, "You have left the meeting"));
        default:
          return h("div", {}, key);
      }
    },
    updateCall(root, model, actions) {
      root.querySelector(".others").replaceChildren(
        ...model.participants.map((p) =>
          h(
            "div",
            {
              className: `gallery-video-container__video-frame${model.speakingIds.has(p.id) ? " gallery-video-container__video-frame--active" : ""}`,
              "data-participant-id": p.id,
            },
            h("div", { className: "video-avatar__avatar" }, h("div", { className: "video-avatar__avatar-footer" }, h("span", {}, p.name))),
          ),
        ),
      );
      const waiting = model.waitingCount;
      const permission = model.recordingPermission;
      root
        .querySelector(".notices")
        .replaceChildren(
          ...(waiting > 0
            ? [
                h(
                  "div",
                  { className: "waiting-room-list-notification" },
                  `${waiting} ${waiting === 1 ? "person is" : "people are"} waiting`,
                ),
              ]
            : []),
          ...(permission
            ? [h("div", { className: "recording-permission-notice", role: "status" }, permissionTexts[permission] || permission)]
            : []),
        );
      const chat = root.querySelector(".chat");
      const editor = chat.querySelector('[contenteditable="true"]');
      const draft = editor ? editor.textContent : "";
      chat.replaceChildren(...(model.isChatOpen ? [chatPanel(model, actions)] : []));
      if (model.isChatOpen && draft) chat.querySelector('[contenteditable="true"]').textContent = draft;
    },
    setSpeaking(root, id, isSpeaking) {
      const frame = root.querySelector(`.gallery-video-container__video-frame[data-participant-id="${CSS.escape(id)}"]`);
      frame?.classList.toggle("gallery-video-container__video-frame--active", isSpeaking);
    },
  };
})();
