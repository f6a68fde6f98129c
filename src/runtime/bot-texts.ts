import { readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { z } from "zod";
import type { BotTexts } from "../core/calendars/send-event-bot";
import type { Locale } from "../shared/i18n/locales";

// The bot's texts for bots sent with nobody's request at hand (the calendar dispatcher in a worker): the
// same meetings catalog message the send form's route uses, read from i18n/ under the cwd (as mail does).

const meetingsCatalog = z.object({ bot: z.object({ consentMessage: z.string() }) });

export function createBotTexts(directory = path.resolve("i18n")): BotTexts {
  const formats = new Map<Locale, IntlMessageFormat>();
  return (locale) => {
    let format = formats.get(locale);
    if (!format) {
      const catalog = meetingsCatalog.parse(JSON.parse(readFileSync(path.join(directory, locale, "meetings.json"), "utf8")));
      format = new IntlMessageFormat(catalog.bot.consentMessage, locale);
      formats.set(locale, format);
    }
    const message = format;
    return { consentMessage: (values) => String(message.format(values)) };
  };
}
