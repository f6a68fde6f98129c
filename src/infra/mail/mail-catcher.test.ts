import nodemailer from "nodemailer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type MailCatcher, startMailCatcher } from "./mail-catcher";

let catcher: MailCatcher;
beforeEach(async () => {
  catcher = await startMailCatcher();
});
afterEach(async () => {
  await catcher.close();
});

function transport() {
  return nodemailer.createTransport({ host: "127.0.0.1", port: catcher.port, secure: false });
}

describe("startMailCatcher", () => {
  it("listens on a free port of 127.0.0.1", () => {
    expect(catcher.port).toBeGreaterThan(0);
  });

  it("parses a mail sent by nodemailer over SMTP", async () => {
    const sender = transport();
    await sender.sendMail({
      from: "Parley <no-reply@parley.test>",
      to: ["Ana@Example.com", "bo@example.com"],
      subject: "Olá, ação necessária",
      text: "Plain body https://parley.test/email-action?mode=verifyEmail&oobCode=abc",
      html: "<p>HTML <b>body</b></p>",
    });
    sender.close();
    const [mail, ...rest] = catcher.list();
    expect(rest).toHaveLength(0);
    expect(mail).toMatchObject({
      id: expect.any(String),
      to: ["ana@example.com", "bo@example.com"],
      from: "no-reply@parley.test",
      subject: "Olá, ação necessária",
      html: expect.stringContaining("<p>HTML <b>body</b></p>"),
    });
    expect(mail?.text.trim()).toBe("Plain body https://parley.test/email-action?mode=verifyEmail&oobCode=abc");
    expect(Number.isNaN(Date.parse(mail?.receivedAt ?? ""))).toBe(false);
  });

  it("lists newest first, filters by recipient ignoring case, and clears", async () => {
    const sender = transport();
    for (const [to, subject] of [
      ["ana@example.com", "first"],
      ["bo@example.com", "second"],
      ["ana@example.com", "third"],
    ] as const) {
      await sender.sendMail({ from: "no-reply@parley.test", to, subject, text: subject });
    }
    sender.close();
    expect(catcher.list().map((mail) => mail.subject)).toEqual(["third", "second", "first"]);
    expect(catcher.list({ to: "ANA@example.com" }).map((mail) => mail.subject)).toEqual(["third", "first"]);
    expect(catcher.list({ to: "nobody@example.com" })).toEqual([]);
    catcher.clear();
    expect(catcher.list()).toEqual([]);
  });

  it("keeps only the newest 200 mails", async () => {
    // One pooled connection: 201 mails in one SMTP session keep the test fast.
    const sender = nodemailer.createTransport({ host: "127.0.0.1", port: catcher.port, secure: false, pool: true, maxConnections: 1 });
    for (let index = 1; index <= 201; index++) {
      await sender.sendMail({ from: "no-reply@parley.test", to: "ana@example.com", subject: `mail ${index}`, text: "x" });
    }
    sender.close();
    const subjects = catcher.list().map((mail) => mail.subject);
    expect(subjects).toHaveLength(200);
    expect(subjects[0]).toBe("mail 201");
    expect(subjects.at(-1)).toBe("mail 2");
  });
});
