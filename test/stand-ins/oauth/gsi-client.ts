import { defaultOneTapUser } from "./test-users";

/**
 * A stand-in for https://accounts.google.com/gsi/client: `google.accounts.id.initialize/prompt/
 * renderButton` as the page uses them. prompt() (or a click on the rendered button) loads
 * `credential.js` from the same origin, which the page's CSP already allows for the client script,
 * and that calls the registered callback with `{credential, select_by}`. A test picks the person by
 * setting `window.__oauthStandInUser = {name, email}` before the script runs.
 */
export function gsiClientScript(issuer: string): string {
  const fallback = JSON.stringify(defaultOneTapUser);
  return `(() => {
  const issuer = ${JSON.stringify(issuer)};
  let config = null;
  const request = (selectBy) => {
    if (!config || typeof config.callback !== "function") return;
    const user = window.__oauthStandInUser || ${fallback};
    const query = new URLSearchParams({ client_id: config.client_id || "", nonce: config.nonce || "",
      name: user.name || "", email: user.email || "", select_by: selectBy });
    const script = document.createElement("script");
    script.src = issuer + "/gsi/credential.js?" + query.toString();
    document.head.appendChild(script);
  };
  window.__gsiStandIn = {
    deliver(credential, selectBy) {
      if (config && typeof config.callback === "function") config.callback({ credential, select_by: selectBy, clientId: config.client_id });
    },
  };
  const id = {
    initialize(options) { config = options; },
    prompt(listener) { setTimeout(() => { request("auto"); if (typeof listener === "function") listener({ isDisplayed: () => true, isNotDisplayed: () => false, isSkippedMoment: () => false, isDismissedMoment: () => false, getMomentType: () => "display" }); }, 0); },
    renderButton(parent, options) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = (options && options.text === "continue_with") ? "Continue with Google" : "Sign in with Google";
      button.addEventListener("click", () => request("btn"));
      parent.appendChild(button);
    },
    disableAutoSelect() {},
    cancel() {},
    storeCredential() {},
    revoke(_hint, done) { if (typeof done === "function") done({ successful: true }); },
  };
  window.google = Object.assign(window.google || {}, { accounts: Object.assign((window.google && window.google.accounts) || {}, { id }) });
  if (typeof window.onGoogleLibraryLoad === "function") window.onGoogleLibraryLoad();
})();
`;
}

/** The answer to credential.js: hands the signed ID token to the page's callback. */
export function gsiCredentialScript(credential: string, selectBy: string): string {
  return `window.__gsiStandIn && window.__gsiStandIn.deliver(${JSON.stringify(credential)}, ${JSON.stringify(selectBy)});\n`;
}
