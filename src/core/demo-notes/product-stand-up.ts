import { type DemoNote, type ScriptLine, segmentsFrom } from "./schema";

// A product team's Monday stand-up: three people, a release date, a blocker and who does what by when.
const script: readonly ScriptLine[] = [
  ["Maya (PM)", 0, 9.5, "Morning, everyone. Let's keep it to fifteen minutes. Quick round first, then the release checklist."],
  ["Maya (PM)", 9.5, 17, "Priya, do you want to start with the mobile app?"],
  [
    "Priya (iOS)",
    17,
    34,
    "Sure. The new onboarding screens are merged. I'm fixing the last two crash reports from TestFlight, both in the camera permission flow. Should be done tomorrow.",
  ],
  ["Priya (iOS)", 34, 45, "The only thing blocking me is the copy for the paywall screen. I still have the placeholder text."],
  ["Maya (PM)", 45, 53, "Right, that's on me. I'll send the final copy by end of day today."],
  [
    "Tom (backend)",
    53,
    74,
    "On my side the new sync endpoint is live on staging. Latency is about forty milliseconds at p95, which is better than we hoped. I still need to add rate limits before it goes to production.",
  ],
  ["Maya (PM)", 74, 82, "Can rate limits make it before Thursday? That's our code freeze."],
  ["Tom (backend)", 82, 92, "Yes. I'll have them in review by Wednesday morning."],
  [
    "Maya (PM)",
    92,
    112,
    "Great. So the decision is: we ship version 2.4 to the app stores next Tuesday, as long as the crash fixes land and nobody finds a blocker during Thursday's bug bash.",
  ],
  ["Priya (iOS)", 112, 121, "Works for me. Should we move the Android release to the same day?"],
  [
    "Maya (PM)",
    121,
    136,
    "Let's not. Android goes a week later, so support isn't hit by both at once. Tom, can you book the bug bash room for Thursday at two?",
  ],
  ["Tom (backend)", 136, 141, "Booked. I'll send the invite."],
  ["Maya (PM)", 141, 150, "Thanks, both. That's it, see you tomorrow."],
];

export const productStandUp: DemoNote = {
  id: "product-stand-up",
  note: {
    title: "Mobile team stand-up: release 2.4",
    type: "meeting",
    createdAt: "2026-03-02T09:00:00.000Z",
    durationSeconds: 150,
    language: "en",
    media: null,
    youtubeVideoId: null,
    transcript: segmentsFrom(script),
    aiNotes: {
      template: "stand_up",
      isExtractive: false,
      content: {
        title: "Mobile team stand-up: release 2.4",
        summary:
          "The team confirmed that version 2.4 ships to the app stores next Tuesday if the last crash fixes land and Thursday's bug bash finds no blocker. Onboarding screens are merged, the sync endpoint performs well on staging, and Android follows a week later.",
        keyPoints: [
          "New onboarding screens are merged; two TestFlight crashes in the camera permission flow remain.",
          "The new sync endpoint is on staging at about 40 ms p95 latency.",
          "Rate limits are still missing before the endpoint can go to production.",
          "The paywall screen still shows placeholder copy.",
        ],
        decisions: [
          "Ship iOS version 2.4 next Tuesday, subject to the crash fixes and the bug bash.",
          "Release Android one week after iOS so support is not hit by both at once.",
        ],
        actionItems: [
          { text: "Send the final paywall copy to Priya", owner: "Maya", due: "end of day today" },
          { text: "Fix the two camera-permission crashes", owner: "Priya", due: "tomorrow" },
          { text: "Put the sync endpoint's rate limits up for review", owner: "Tom", due: "Wednesday morning" },
          { text: "Book the room and send the invite for the bug bash", owner: "Tom", due: "Thursday at 2 pm" },
        ],
        chapters: [
          { title: "Round: mobile app", start: 9.5, summary: "Onboarding merged, two crashes left, paywall copy missing." },
          { title: "Round: backend", start: 53, summary: "Sync endpoint on staging; rate limits by Wednesday." },
          { title: "Release plan", start: 92, summary: "iOS ships Tuesday, Android a week later, bug bash Thursday." },
        ],
      },
    },
  },
};
