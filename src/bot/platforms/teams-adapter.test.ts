import { describeAdapterOnStandIn } from "../../../test/stand-ins/meetings/adapter-suite";
import { teamsAdapter } from "./teams-adapter";

// Teams links of both kinds: meetup-join threads, and /meet/<id>?p=<passcode> for the passcode cases.
describeAdapterOnStandIn({
  adapter: teamsAdapter,
  platform: "microsoft_teams",
  basePath: "/teams",
  meeting: (n, passcode) =>
    passcode
      ? { url: `https://teams.microsoft.com/meet/${4_000_000_000 + n}?p=${passcode}`, id: String(4_000_000_000 + n) }
      : {
          url: `https://teams.microsoft.com/l/meetup-join/19%3ameeting_Prl${n}Xyz%40thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d`,
          id: `19:meeting_Prl${n}Xyz@thread.v2`,
        },
  supportsPasscode: true,
  signInSubcode: "microsoft_teams_sign_in_credentials_missing",
});
