import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type MailCatcher, startMailCatcher } from "~/infra/mail/mail-catcher";
import { createSmtpMailer, type Mailer } from "~/infra/mail/mailer";
import { devMailboxPage, devMailRoutes, linkify } from "./dev-mail-routes";

let catcher: MailCatcher;
let mailer: Mailer;
beforeAll(async () => {
  catcher = await startMailCatcher();
  mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${catcher.port}`, from: "Parley <no-reply@parley.test>" });
});
afterAll(async () => {
  await mailer.close();
  await catcher.close();
});
beforeEach(() => catcher.clear());

interface ListedMail {
  to: string[];
  subject: string;
  text: string;
}

describe("GET /dev/mail", () => {
  it("lists caught mail newest first and filters by recipient", async () => {
    await mailer.send({ to: "ana@example.com", subject: "one", text: "1", html: "<p>1</p>" });
    await mailer.send({ to: "bo@example.com", subject: "two", text: "2", html: "<p>2</p>" });
    await mailer.send({ to: "ana@example.com", subject: "three", text: "3", html: "<p>3</p>" });
    const routes = devMailRoutes(catcher);

    const all = await routes.request("/dev/mail");
    expect(all.status).toBe(200);
    expect(all.headers.get("cache-control")).toBe("no-store");
    const { items } = (await all.json()) as { items: ListedMail[] };
    expect(items.map((mail) => mail.subject)).toEqual(["three", "two", "one"]);

    const ana = (await (await routes.request("/dev/mail?to=Ana%40example.com")).json()) as { items: ListedMail[] };
    expect(ana.items.map((mail) => [mail.subject, mail.to])).toEqual([
      ["three", ["ana@example.com"]],
      ["one", ["ana@example.com"]],
    ]);
  });

  it("answers an empty list for an address with no mail", async () => {
    const answer = await devMailRoutes(catcher).request("/dev/mail?to=nobody%40example.com");
    expect(await answer.json()).toEqual({ items: [] });
  });
});

describe("GET /dev/mailbox", () => {
  it("shows each mail with clickable links and its HTML in a sandboxed frame, all escaped", async () => {
    await mailer.send({
      to: "eve@example.com",
      subject: "<script>alert('subject')</script>",
      text: "Open https://parley.test/email-action?mode=verifyEmail&oobCode=abc now <img src=x onerror=alert(1)>",
      html: `<p>hi</p>"></iframe><script>alert("html")</script>`,
    });
    const page = await devMailboxPage(catcher).request("/dev/mailbox");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const body = await page.text();

    expect(body).toContain("&lt;script&gt;alert(&#39;subject&#39;)&lt;/script&gt;");
    expect(body).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(body).not.toMatch(/<script>|<img/);
    expect(body).toContain(
      '<a href="https://parley.test/email-action?mode=verifyEmail&amp;oobCode=abc">https://parley.test/email-action?mode=verifyEmail&amp;oobCode=abc</a>',
    );
    // The mail's HTML stays inside the srcdoc attribute of a frame that may run nothing.
    const frames = body.match(/<iframe [^>]*><\/iframe>/g) ?? [];
    expect(frames).toHaveLength(1);
    expect(frames[0]).toContain('sandbox=""');
    expect(frames[0]).toContain('srcdoc="&lt;p&gt;hi&lt;/p&gt;&quot;&gt;&lt;/iframe&gt;&lt;script&gt;');
  });

  it("says so when there is no mail", async () => {
    const body = await (await devMailboxPage(catcher).request("/dev/mailbox")).text();
    expect(body).toContain("No mail yet.");
  });
});

describe("linkify", () => {
  it("links only http(s) URLs and escapes everything else", () => {
    expect(linkify(`see http://a.test/x?y=1 and javascript:alert(1) "quoted"`)).toBe(
      'see <a href="http://a.test/x?y=1">http://a.test/x?y=1</a> and javascript:alert(1) &quot;quoted&quot;',
    );
  });
});
