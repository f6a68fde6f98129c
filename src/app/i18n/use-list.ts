import { useTranslation } from "react-i18next";
import type { Namespace } from "~/shared/i18n/locales";

/** Reads a list from a catalog (e.g. the three feature cards); an absent key gives an empty list. */
export function useList<T extends Record<string, string>>(namespace: Namespace) {
  const { t } = useTranslation(namespace);
  return (key: string): T[] => {
    const value: unknown = t(key, { returnObjects: true });
    return Array.isArray(value) ? (value as T[]) : [];
  };
}
