import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/app/root";
import type { AccountSummary } from "~/shared/accounts/account-summary";

/** What the shell shows of the signed-in user (root loader `account`). */
export type ShellAccount = AccountSummary;

// The root loader runs once per full page load (it does not revalidate), so edits made on the settings
// pages are kept here and laid over it until the next load brings them from the server.
let edits: { id: string; changes: Partial<ShellAccount> } | null = null;
const listeners = new Set<() => void>();

export function applyAccountEdits(account: ShellAccount | null, current: typeof edits): ShellAccount | null {
  if (!account) return null;
  if (!current || current.id !== account.id) return account;
  return { ...account, ...current.changes };
}

/** Records a change the server has accepted (name, photo, language) so the header shows it at once. */
export function updateAccount(id: string, changes: Partial<Omit<ShellAccount, "id">>): void {
  edits = { id, changes: { ...(edits?.id === id ? edits.changes : {}), ...changes } };
  for (const listener of listeners) listener();
}

export function useAccount(): ShellAccount | null {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => edits,
    () => null,
  );
  return applyAccountEdits(root?.account ?? null, current);
}

/** Up to two letters for the avatar: from the name's words, else from the e-mail. */
export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => word[0] ?? "") : [email.trim()[0] ?? "?"];
  return letters.join("").toLocaleUpperCase();
}
