import { describe, expect, it } from "vitest";
import { toAnalyticsProperties } from "./analytics-client";
import {
  customerUpdateFailedEvent,
  pageViewEvent,
  paymentFailedEvent,
  paywallEvent,
  paywallProductsFailedEvent,
  policyLinkClickedEvent,
  productClickedEvent,
  purchaseClickedEvent,
  purchaseEvent,
  purchaseFailedEvent,
  viewItemListEvent,
} from "./product-events";

// The events of spec section 7 "Events sent by the product": their names and properties as they reach the
// wire ([{key, value}] with string values).
const wire = (event: { name: string; properties: Parameters<typeof toAnalyticsProperties>[0] }) => ({
  name: event.name,
  properties: toAnalyticsProperties(event.properties),
});

describe("product events (spec section 7)", () => {
  it("page view carries the path", () => {
    expect(wire(pageViewEvent("/es/notes"))).toEqual({ name: "page_view", properties: [{ key: "path", value: "/es/notes" }] });
  });

  it("paywall carries productNames, source, product_ids and product_count", () => {
    const event = paywallEvent({
      productNames: ["Pro 1 month", "Pro 1 year"],
      source: "upload",
      product_ids: ["pro_1", "pro_2"],
      product_count: 2,
    });
    expect(wire(event)).toEqual({
      name: "paywall",
      properties: [
        { key: "productNames", value: '["Pro 1 month","Pro 1 year"]' },
        { key: "source", value: "upload" },
        { key: "product_ids", value: '["pro_1","pro_2"]' },
        { key: "product_count", value: "2" },
      ],
    });
  });

  it("view_item_list names the pricing list", () => {
    expect(wire(viewItemListEvent())).toEqual({
      name: "view_item_list",
      properties: [
        { key: "item_list_id", value: "pricing" },
        { key: "item_list_name", value: "Pricing" },
      ],
    });
  });

  it("product_clicked carries name, priceId, productId and source", () => {
    expect(wire(productClickedEvent({ name: "Pro 1 year", priceId: "pri_1", productId: "pro_1", source: "paywall" }))).toEqual({
      name: "product_clicked",
      properties: [
        { key: "name", value: "Pro 1 year" },
        { key: "priceId", value: "pri_1" },
        { key: "productId", value: "pro_1" },
        { key: "source", value: "paywall" },
      ],
    });
  });

  it("purchase_clicked always says offersFreeTrial false", () => {
    const event = purchaseClickedEvent({
      id: "pri_1",
      name: "Pro 1 year",
      price: 69.99,
      priceId: "pri_1",
      productId: "pro_1",
      source: "upload",
    });
    expect(wire(event)).toEqual({
      name: "purchase_clicked",
      properties: [
        { key: "id", value: "pri_1" },
        { key: "name", value: "Pro 1 year" },
        { key: "offersFreeTrial", value: "false" },
        { key: "price", value: "69.99" },
        { key: "priceId", value: "pri_1" },
        { key: "productId", value: "pro_1" },
        { key: "source", value: "upload" },
      ],
    });
  });

  it("purchase carries the revenue estimate of spec 9: price − (5% of price + 0.5)", () => {
    const event = purchaseEvent({ transactionId: "txn_1", price: 100, currency: "USD", priceId: "pri_1" });
    expect(event.name).toBe("purchase");
    expect(event.properties).toEqual({ transaction_id: "txn_1", price: 100, revenue: 94.5, currency: "USD", priceId: "pri_1" });
    expect(purchaseEvent({ transactionId: "txn_2", price: 19.99, currency: null, priceId: null }).properties.revenue).toBe(18.49);
  });

  it("policy link click carries its source", () => {
    expect(wire(policyLinkClickedEvent("checkout"))).toEqual({
      name: "policy_link_clicked",
      properties: [{ key: "source", value: "checkout" }],
    });
  });

  it("failure events carry their spec names", () => {
    expect([paymentFailedEvent(), purchaseFailedEvent(), customerUpdateFailedEvent()].map(wire)).toEqual([
      { name: "payment_failed", properties: [] },
      { name: "purchase_failed", properties: [] },
      { name: "paddle_customer_update_failed", properties: [] },
    ]);
  });

  it.each(["paddle_empty_response", "paddle_api_error"] as const)("paywall_products_failed_to_load carries reason %s", (reason) => {
    expect(wire(paywallProductsFailedEvent(reason))).toEqual({
      name: "paywall_products_failed_to_load",
      properties: [{ key: "reason", value: reason }],
    });
  });
});
