import { describeAdapterOnStandIn } from "../../../test/stand-ins/meetings/adapter-suite";
import { googleMeetAdapter } from "./google-meet-adapter";

// Meet codes are three letters, four, three: a counter spelled in letters keeps each test's meeting apart.
const code = (n: number) => `prl-${String.fromCharCode(97 + Math.floor(n / 26), 97 + (n % 26))}xy-hij`;

describeAdapterOnStandIn({
  adapter: googleMeetAdapter,
  platform: "google_meet",
  basePath: "/meet",
  meeting: (n) => ({ url: `https://meet.google.com/${code(n)}`, id: code(n) }),
  supportsPasscode: false,
  signInSubcode: "meeting_requires_sign_in",
});
