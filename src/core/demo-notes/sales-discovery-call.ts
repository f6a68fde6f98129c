import { type DemoNote, type ScriptLine, segmentsFrom } from "./schema";

// A first sales call: the buyer's problem, budget, timeline, an objection and the agreed next step.
const script: readonly ScriptLine[] = [
  [
    "Daniel (Parley)",
    0,
    11,
    "Thanks for making the time, Laura. To make this useful, could you tell me how your team handles meeting notes today?",
  ],
  [
    "Laura (Northwind)",
    11,
    33,
    "Honestly, it's a mess. We have twelve account managers, and each one writes notes their own way. Some type during the call, some record on their phones, and half of it never reaches the CRM.",
  ],
  ["Daniel (Parley)", 33, 40, "What does that cost you when it goes wrong?"],
  [
    "Laura (Northwind)",
    40,
    62,
    "Last quarter we lost a renewal because a promise made on a call never got to the person who owned the follow-up. That account was about eighty thousand a year.",
  ],
  [
    "Daniel (Parley)",
    62,
    84,
    "That's exactly the gap we close. Parley joins the call or takes the recording, writes the summary with action items and owners, and your team can search every conversation afterwards.",
  ],
  ["Laura (Northwind)", 84, 99, "My worry is security. Our customers are banks. Where do the recordings live, and who can see them?"],
  [
    "Daniel (Parley)",
    99,
    121,
    "Each note is private to the person who made it unless they share a link, and a shared link can be turned off at any time. I'll send you our security overview so your IT team can review it.",
  ],
  ["Laura (Northwind)", 121, 133, "Good. Budget-wise, we set aside around fifteen thousand for tooling this year."],
  ["Daniel (Parley)", 133, 141, "And when would you want the team using something?"],
  ["Laura (Northwind)", 141, 152, "Before our Q3 kickoff, so the first week of July at the latest."],
  [
    "Daniel (Parley)",
    152,
    172,
    "Then here's what I suggest: a two-week pilot with three of your account managers, starting next Monday. I'll set up their accounts and we review the results together on the twenty-fourth.",
  ],
  ["Laura (Northwind)", 172, 181, "That works. I'll pick the three people and send you their names by Friday."],
];

export const salesDiscoveryCall: DemoNote = {
  id: "sales-discovery-call",
  note: {
    title: "Discovery call with Northwind Bank",
    type: "meeting",
    createdAt: "2026-03-04T15:30:00.000Z",
    durationSeconds: 181,
    language: "en",
    media: null,
    youtubeVideoId: null,
    transcript: segmentsFrom(script),
    aiNotes: {
      template: "sales_call",
      isExtractive: false,
      content: {
        title: "Discovery call with Northwind Bank",
        summary:
          "Northwind's twelve account managers take notes inconsistently and follow-ups get lost; a missed promise cost them a renewal worth about 80k a year. Security is their main concern because their customers are banks. They have about 15k budgeted and want a tool live before the Q3 kickoff. Both sides agreed on a two-week pilot with three account managers.",
        keyPoints: [
          "Pain: every account manager takes notes differently and half never reach the CRM.",
          "Impact: a lost renewal worth about 80,000 a year last quarter.",
          "Objection: security and data access, since their customers are banks.",
          "Budget: around 15,000 for tooling this year.",
          "Timeline: in use before the Q3 kickoff, the first week of July at the latest.",
        ],
        decisions: ["Run a two-week pilot with three account managers starting next Monday."],
        actionItems: [
          { text: "Send the security overview for Northwind's IT review", owner: "Daniel", due: null },
          { text: "Choose the three pilot users and send their names", owner: "Laura", due: "Friday" },
          { text: "Set up the pilot accounts", owner: "Daniel", due: "next Monday" },
          { text: "Review the pilot results together", owner: "Daniel and Laura", due: "the 24th" },
        ],
        chapters: [
          { title: "Current process and pain", start: 0, summary: "Inconsistent notes, lost follow-ups, a lost renewal." },
          { title: "Security questions", start: 84, summary: "Private notes, revocable links, security overview to follow." },
          { title: "Budget, timeline and next steps", start: 121, summary: "15k budget, live before July, two-week pilot." },
        ],
      },
    },
  },
};
