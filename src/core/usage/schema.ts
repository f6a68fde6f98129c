/** `YYYY-MM` of a moment, in UTC. */
export function usagePeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** interpretations 4: minutes are rounded up per note. */
export function billableMinutes(seconds: number): number {
  return seconds <= 0 ? 0 : Math.ceil(seconds / 60);
}
