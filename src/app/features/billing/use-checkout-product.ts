import { useEffect, useState } from "react";
import type { Discount, Price } from "~/shared/billing/billing-api";
import { currencySymbol } from "~/shared/billing/price-math";
import { type ProductKey, productKeys } from "~/shared/billing/subscription";
import { fetchDiscounts, fetchPaywallStructure, fetchPrices } from "./paywall-queries";

export type CheckoutProduct =
  | { state: "loading" }
  | { state: "ready"; productKey: ProductKey; price: Price; discount: Discount | null; symbol: string }
  /** Not one of 1month, 3month, 1year, lifetime; or not offered in this pricing tier's paywall. */
  | { state: "unknown" }
  | { state: "error" };

export function isProductKey(value: string | undefined): value is ProductKey {
  return (productKeys as readonly string[]).includes(value ?? "");
}

/** The price (and discount) of `/checkout/{productId}`, looked up through the default paywall structure. */
export function useCheckoutProduct(productId: string | undefined): CheckoutProduct {
  const [product, setProduct] = useState<CheckoutProduct>({ state: "loading" });
  useEffect(() => {
    if (!isProductKey(productId)) {
      setProduct({ state: "unknown" });
      return;
    }
    let isCurrent = true;
    setProduct({ state: "loading" });
    (async (): Promise<CheckoutProduct> => {
      const structure = await fetchPaywallStructure("default");
      // A product of the flow keeps its discount; another product of the tier's catalog (lifetime) has none.
      const index = structure.structure.products.indexOf(productId);
      const priceId = index >= 0 ? structure.priceIds[index] : structure.catalog[productId];
      if (!priceId) return { state: "unknown" };
      const discountId = (index >= 0 ? structure.discountIds[index] : null) || null;
      const [{ prices }, discounts] = await Promise.all([
        fetchPrices([priceId], "checkout_page"),
        discountId ? fetchDiscounts([discountId]) : Promise.resolve<Record<string, Discount>>({}),
      ]);
      const price = prices[0];
      if (!price) return { state: "error" };
      return {
        state: "ready",
        productKey: productId,
        price,
        discount: discountId ? (discounts[discountId] ?? null) : null,
        symbol: currencySymbol(price.currency),
      };
    })().then(
      (next) => isCurrent && setProduct(next),
      () => isCurrent && setProduct({ state: "error" }),
    );
    return () => {
      isCurrent = false;
    };
  }, [productId]);
  return product;
}
