// Participants named like a notetaker count as bots for the only-bots timer (Recall's
// timeout_exceeded_only_bots_detected_using_participant_names): our own "Parley Notetaker (Ana)", "... Bot",
// Otter, Fireflies, Read.ai, Fathom, tl;dv, Recall. Kept as a pattern source too, because the adapters test
// names inside the page (page.evaluate takes only serialisable arguments).
export const botNamePatternSource = String.raw`notetaker|note taker|\bbot\b|otter\.ai|\botter\b|fireflies|read\.ai|\bfathom\b|tl;dv|\btldv\b|recall\.ai|\brecall\b`;

const botNamePattern = new RegExp(botNamePatternSource, "i");

export function isBotName(name: string): boolean {
  return botNamePattern.test(name);
}
