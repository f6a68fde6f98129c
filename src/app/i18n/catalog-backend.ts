import type { BackendModule, ReadCallback } from "i18next";
import { catalogPath } from "~/shared/i18n/catalog-path";

/** Fetches catalogs from the server's catalog path; the version in the URL busts the 24 h cache. */
export function createCatalogBackend(version: string): BackendModule {
  return {
    type: "backend",
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      fetch(catalogPath(language, namespace, version), { credentials: "same-origin" })
        .then(async (response) => {
          if (!response.ok) throw new Error(`catalog ${language}/${namespace}: HTTP ${response.status}`);
          callback(null, await response.json());
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
    },
  };
}
