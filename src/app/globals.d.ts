// React Router puts the running build's manifest on window; its version changes with every build.
declare global {
  interface Window {
    __reactRouterManifest?: { version: string };
  }
}

export {};
