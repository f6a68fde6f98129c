import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/app",
  buildDirectory: "build",
  ssr: true,
  future: {
    // Route guards run as middleware on the server and in the browser (docs/decisions/001-react-router-7.md).
    v8_middleware: true,
  },
} satisfies Config;
