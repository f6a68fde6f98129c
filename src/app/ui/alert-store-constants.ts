// spec section 9: alerts default to type info and vanish after 5000 ms.
export const alertLifetimeMs = 5000;
