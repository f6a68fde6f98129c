import { expect, it } from "vitest";
import { describeAdapterOnStandIn } from "../../../test/stand-ins/meetings/adapter-suite";
import { zoomAdapter } from "./zoom-adapter";
import { zoomRecordingPermissionTexts } from "./zoom-selectors";

const meeting = (n: number, passcode?: string) => {
  const id = String(81_000_000_000 + n);
  return { url: `https://zoom.us/j/${id}${passcode ? `?pwd=${passcode}` : ""}`, id };
};

describeAdapterOnStandIn(
  { adapter: zoomAdapter, platform: "zoom", basePath: "/zoom", meeting, supportsPasscode: true, signInSubcode: "meeting_requires_sign_in" },
  ({ joinMeeting, register, control, standIn }) => {
    it("reports the registration page as zoom_registration_required", async () => {
      const link = meeting(900);
      await register(link.id, { registrationRequired: true });
      const page = await joinMeeting(link);
      await expect.poll(() => zoomAdapter.probe(page)).toMatchObject({ fatal: "zoom_registration_required" });
      await page.context().close();
    });

    it("joins a registration-only or signed-in-only meeting with the owner's ZAK (Zoom connected)", async () => {
      const registration = meeting(950);
      const signIn = meeting(951);
      await register(registration.id, { registrationRequired: true });
      await register(signIn.id, { signInRequired: true });
      for (const link of [registration, signIn]) {
        const page = await joinMeeting(link, { zak: "zak.of.the-owner" });
        await expect.poll(() => zoomAdapter.probe(page)).toMatchObject({ phase: "in_call", fatal: null });
        expect(new URL(page.url()).searchParams.get("zak")).toBe("zak.of.the-owner");
        expect((await control().get(link.id)).bot.state).toBe("in_call");
        const log = (await (await fetch(`${standIn().baseUrl}/__meetings/${link.id}/events`)).json()) as { type: string }[];
        expect(log.map((event) => event.type)).toContain("zak_accepted");
        await page.context().close();
      }
    });

    it("reads the host's recording answer: allowed by default, each denial as its subcode", async () => {
      const answers = zoomRecordingPermissionTexts.map(([, value]) => value);
      const pages = await Promise.all(
        answers.map(async (answer, i) => {
          const link = meeting(1_000 + i);
          await register(link.id, answer === "allow" ? {} : { recordingPermission: answer });
          return joinMeeting(link);
        }),
      );
      const expected = answers.map((answer) => (answer === "allow" ? { isAllowed: true } : { isAllowed: false, subcode: answer }));
      await expect
        .poll(() => Promise.all(pages.map(async (page) => (await zoomAdapter.probe(page)).recordingPermission)), { timeout: 20_000 })
        .toEqual(expected);
      await Promise.all(pages.map((page) => page.context().close()));
    });
  },
);
