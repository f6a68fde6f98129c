import type { PublicNote } from "~/shared/sharing/sharing-api";
import { productStandUp } from "./product-stand-up";
import { salesDiscoveryCall } from "./sales-discovery-call";
import type { DemoNote } from "./schema";

/** The seeded demo notes anonymous visitors can open at `/demo-note/{id}` (defined in code, ids never change). */
export const demoNotes: readonly DemoNote[] = [productStandUp, salesDiscoveryCall];

/** The demo note with this id, or null. */
export function findDemoNote(id: string): PublicNote | null {
  return demoNotes.find((demo) => demo.id === id)?.note ?? null;
}
