import type { MeetingPlatform } from "~/shared/meetings/meeting-url";
import { googleMeetAdapter } from "./google-meet-adapter";
import type { PlatformAdapter } from "./platform-adapter";
import { teamsAdapter } from "./teams-adapter";
import { zoomAdapter } from "./zoom-adapter";

// Which adapter joins which platform (issue 6): the runner picks by job.platform.
export const platformAdapters: Record<MeetingPlatform, PlatformAdapter> = {
  google_meet: googleMeetAdapter,
  microsoft_teams: teamsAdapter,
  zoom: zoomAdapter,
};
