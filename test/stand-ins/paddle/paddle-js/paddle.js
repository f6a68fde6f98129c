// Paddle.js stand-in (served at /paddle/v2/paddle.js in place of https://cdn.paddle.com/paddle/v2/paddle.js).
// A plain script, like Paddle's: defines window.Paddle and window.PaddleBillingV1 (the object
// @paddle/paddle-js's initializePaddle picks up) with what the wrapper and the app call. Its inline checkout
// is a small form rendered into the frameTarget element; "Pay now" asks the stand-in server to complete the
// checkout, which then sends Paddle's webhooks to the app. Browser tests read window.__paddleStandIn.
(() => {
  const scriptElement =
    document.currentScript ?? [...document.querySelectorAll("script[src]")].find((el) => el.src.endsWith("/paddle/v2/paddle.js"));
  const origin = scriptElement ? new URL(scriptElement.src).origin : window.location.origin;

  const record = { opened: [], initialized: null, environment: null, events: [] };
  window.__paddleStandIn = record;

  // Functions do not survive JSON: what tests read are the plain data the app passed.
  const plain = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
  let setup = null;
  let current = null;

  const emit = (name, data) => {
    record.events.push(name);
    const callback = setup?.eventCallback;
    if (typeof callback === "function") callback(data === undefined ? { name } : { name, data });
  };

  // Paddle's error events carry type, code and detail beside the name, not under data.
  const emitError = (name, code, detail) => {
    record.events.push(name);
    const callback = setup?.eventCallback;
    if (typeof callback === "function") callback({ name, type: "request_error", code, detail, documentation_url: "" });
  };

  const settingsOf = (payload) => ({ ...(setup?.checkout?.settings ?? {}), ...(payload.settings ?? {}) });
  const eventSettings = (settings) => ({ display_mode: settings.displayMode ?? "overlay", theme: settings.theme ?? "light" });

  const draftData = () => ({
    id: current.checkoutId,
    transaction_id: null,
    status: "draft",
    customer: { email: current.emailInput.value || undefined, address: null, business: null },
    items: current.items.map((item) => ({ price_id: item.priceId, quantity: item.quantity ?? 1 })),
    currency_code: "USD",
    custom_data: current.customData ?? null,
    settings: eventSettings(current.settings),
    upsell: null,
  });

  const element = (tag, properties, children) => {
    const node = document.createElement(tag);
    Object.assign(node, properties);
    for (const child of children ?? []) node.append(child);
    return node;
  };

  const showPrice = async () => {
    const item = current.items[0];
    const query = new URLSearchParams({ priceId: item?.priceId ?? "" });
    if (current.discountId) query.set("discountId", current.discountId);
    const response = await fetch(`${origin}/__checkout/price?${query}`);
    if (!response.ok) throw new Error(`price ${response.status}`);
    const price = await response.json();
    current.priceLine.textContent =
      price.discount === "$0.00" ? `${price.description}: ${price.total}` : `${price.description}: ${price.total} (was ${price.subtotal})`;
  };

  const pay = async () => {
    if (!current) return;
    const checkout = current;
    const email = checkout.emailInput.value.trim();
    if (!email) {
      checkout.message.textContent = "Enter your email";
      checkout.message.hidden = false;
      return;
    }
    checkout.payButton.disabled = true;
    checkout.message.hidden = true;
    emit("checkout.payment.initiated", draftData());
    try {
      const response = await fetch(`${origin}/__checkout/complete`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          priceId: checkout.items[0]?.priceId,
          discountId: checkout.discountId ?? null,
          email,
          customData: checkout.customData ?? null,
          clientToken: setup?.token ?? "",
        }),
      });
      const body = await response.json();
      if (response.status === 402) {
        checkout.message.textContent = "Payment declined";
        checkout.message.hidden = false;
        checkout.payButton.disabled = false;
        emit("checkout.payment.failed", draftData());
        return;
      }
      if (!response.ok) throw Object.assign(new Error(body.error?.detail ?? `HTTP ${response.status}`), { code: body.error?.code });
      const data = { ...body.data, settings: eventSettings(checkout.settings) };
      checkout.form.replaceChildren(element("p", { textContent: "Payment complete", role: "status" }));
      emit("checkout.completed", data);
    } catch (error) {
      checkout.message.textContent = "Something went wrong";
      checkout.message.hidden = false;
      checkout.payButton.disabled = false;
      emitError("checkout.payment.error", error.code ?? "unknown", String(error.message));
    }
  };

  const render = (payload) => {
    const settings = settingsOf(payload);
    const isInline = settings.displayMode === "inline";
    const target = isInline ? document.getElementsByClassName(settings.frameTarget ?? "")[0] : document.body;
    if (!target) throw new Error(`[Paddle stand-in] no element with class "${settings.frameTarget}" for the inline checkout`);
    const id = `paddle-stand-in-${Math.random().toString(36).slice(2)}`;
    const emailInput = element("input", { id: `${id}-email`, type: "email", name: "email", value: payload.customer?.email ?? "" });
    const cardInput = element("input", { id: `${id}-card`, name: "card", value: "4242 4242 4242 4242", autocomplete: "cc-number" });
    const payButton = element("button", { type: "button", textContent: "Pay now" });
    const message = element("p", { role: "alert", hidden: true });
    const priceLine = element("p", { className: "paddle-stand-in-price" });
    const form = element("div", { className: "paddle-stand-in-checkout" }, [
      element("h2", { textContent: "Stand-in checkout" }),
      priceLine,
      element("label", { htmlFor: emailInput.id, textContent: "Email" }),
      emailInput,
      element("label", { htmlFor: cardInput.id, textContent: "Card number" }),
      cardInput,
      payButton,
      message,
    ]);
    form.dataset.paddleStandIn = "checkout";
    if (!isInline) form.style.cssText = "position:fixed;inset:10% 30%;background:#fff;padding:16px;z-index:2147483647";
    target.append(form);
    payButton.addEventListener("click", () => void pay());
    return { form, emailInput, payButton, message, priceLine, settings };
  };

  const Checkout = {
    open(payload) {
      if (!setup) throw new Error("[Paddle stand-in] call Paddle.Initialize() before Paddle.Checkout.open()");
      record.opened.push(plain(payload));
      if (current) current.form.remove();
      current = {
        ...render(payload),
        checkoutId: `che_01standin${Math.random().toString(36).slice(2, 12)}`,
        items: payload.items ?? [],
        discountId: payload.discountId ?? null,
        customData: payload.customData ?? null,
      };
      const opened = current;
      showPrice()
        .then(() => {
          if (current === opened) emit("checkout.loaded", draftData());
        })
        .catch((error) => emitError("checkout.error", "not_found", String(error.message)));
    },
    updateItems(items) {
      if (!current) return;
      current.items = items;
      void showPrice().then(() => emit("checkout.items.updated", draftData()));
    },
    updateCheckout(update) {
      if (!current) return;
      if (update.items) current.items = update.items;
      if (update.discountId !== undefined) current.discountId = update.discountId;
      if (update.customData) current.customData = update.customData;
      if (update.customer?.email) current.emailInput.value = update.customer.email;
      void showPrice().then(() => emit("checkout.updated", draftData()));
    },
    close() {
      if (!current) return;
      current.form.remove();
      current = null;
      emit("checkout.closed");
    },
  };

  const pricePreview = async (params) => {
    const response = await fetch(`${origin}/__checkout/price-preview`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(params),
    });
    const body = await response.json();
    // Paddle.js rejects with the API's error object.
    if (!response.ok) throw body.error ?? body;
    return body;
  };

  const Paddle = {
    Version: "v1",
    Status: { libraryVersion: "stand-in" },
    Initialized: false,
    Environment: {
      set(environment) {
        record.environment = environment;
      },
    },
    Initialize(options) {
      setup = { ...options };
      record.initialized = plain(options);
      Paddle.Initialized = true;
    },
    Update(options) {
      setup = { ...setup, ...options, checkout: options.checkout ?? setup?.checkout };
      record.initialized = plain(setup);
    },
    Setup(options) {
      Paddle.Initialize(options);
    },
    Checkout,
    PricePreview: pricePreview,
    TransactionPreview() {
      return Promise.reject({ code: "not_implemented", detail: "TransactionPreview is not in the stand-in" });
    },
    Spinner: { show() {}, hide() {} },
    Retain: { demo() {}, initCancellationFlow: () => Promise.resolve({ status: "error" }) },
  };
  window.Paddle = Paddle;
  window.PaddleBillingV1 = Paddle;
})();
