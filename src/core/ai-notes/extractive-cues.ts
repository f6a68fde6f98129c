// Cue phrases for the extractive notes (decision 016), in English, Spanish and Portuguese: what marks a
// decision, an action item, who owns it and when it is due. Each found phrase is quoted as said ("by
// Friday"); the notes builder turns it into a date against the meeting's date (due-dates.ts).

export type CueLanguage = "en" | "es" | "pt";

/** A phrase as a whole word or words: letters on either side do not count (`\b` knows no accents). */
const phrase = (source: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, "iu");

/** The cue sets that apply: the transcript's language, or all three when it is another or unknown. */
export function cueLanguages(language: string): CueLanguage[] {
  const base = language.slice(0, 2).toLowerCase();
  return base === "en" || base === "es" || base === "pt" ? [base] : ["en", "es", "pt"];
}

const decisionCues: Record<CueLanguage, RegExp[]> = {
  en: [
    phrase("(?:we|i)(?:'ve| have)? (?:just |finally |all )?decided"),
    phrase("(?:the |our |final )decision (?:is|was)"),
    phrase("(?:we(?:'re| are)|everyone(?:'s| is)) (?:all )?(?:agreed|in agreement)"),
    phrase("(?:we )?agreed (?:on|to|that)"),
    phrase("let'?s go with|we(?:'ll| will| are going to|'re going to) go with|we(?:'re| are) going with"),
    phrase("(?:we )?settled on|it(?:'s| is) settled|that(?:'s| is) settled"),
    phrase("(?:is|was|got|has been) approved|we approved"),
  ],
  es: [
    phrase("(?:hemos |ya )?decidi(?:mos|do)|se decidi[óo]|(?:est[áa]|queda) decidido"),
    phrase("(?:hemos )?acorda(?:mos|do)|quedamos en|estamos de acuerdo en"),
    phrase("vamos con|nos quedamos con"),
    phrase("aproba(?:mos|do|da)|la decisi[óo]n (?:es|fue)"),
  ],
  pt: [
    phrase("decidimos|(?:ficou|est[áa]|foi) decidido"),
    phrase("combinamos|(?:ficou|est[áa]) combinado|concordamos"),
    phrase("vamos (?:com|de)|fechamos"),
    phrase("aprova(?:mos|do|da)|a decis[ãa]o (?:[ée]|foi)"),
  ],
};

/** Someone saying they will do something, with the verbs that only announce speech excluded ("I'll be honest"). */
const firstPersonCues: Record<CueLanguage, RegExp[]> = {
  en: [
    phrase(
      "i(?:'ll| will| shall|'m going to| am going to| can take| am taking|'m taking)(?! (?:be|say|tell|admit|guess|bet|think|just say)(?!\\p{L}))",
    ),
    phrase("let me (?:check|send|look|follow|write|find|ask|update|prepare|draft|review|set|schedule|share|fix|book|call|email)"),
    phrase("i(?:'ll| will) (?:handle|own|take care of)"),
  ],
  es: [
    phrase("(?:yo )?voy a(?! (?:decir|ser|contar|explicar)(?!\\p{L}))"),
    phrase("(?:yo )?me (?:encargo|ocupo)|lo hago yo|yo (?:lo |la )?(?:hago|preparo|mando|env[íi]o|reviso)"),
  ],
  pt: [
    phrase("(?:eu )?vou(?! (?:dizer|falar|ser|contar|explicar)(?!\\p{L}))"),
    phrase("(?:eu )?fico com|(?:eu )?me encarrego|deixa comigo|eu (?:fa[çc]o|preparo|mando|envio|reviso)"),
  ],
};

/** Asking someone, naming the task as a task, or naming who does it. */
const taskCues: Record<CueLanguage, RegExp[]> = {
  en: [
    phrase("can you|could you|would you mind|please (?:send|check|review|update|prepare|share|write|fix|book|call|email|follow)"),
    phrase("you (?:need|have) to|you(?:'ll| will) need to"),
    phrase("action items?|to-?do|next steps?|follow[- ]up|assigned to|is on (?:it|that)"),
  ],
  es: [
    phrase("¿?puedes|¿?podr[íi]as|por favor (?:env[íi]a|revisa|manda|prepara)"),
    phrase("(?:tú )?(?:tienes que|necesitas)"),
    phrase("tareas?|pendientes?|pr[óo]ximos pasos|acci[óo]n"),
  ],
  pt: [
    phrase("voc[êe] (?:pode|consegue|poderia)|pode(?:s)? (?:mandar|enviar|revisar|preparar|ver)|por favor"),
    phrase("voc[êe] (?:precisa|tem que)"),
    phrase("tarefas?|pendentes?|pr[óo]ximos passos"),
  ],
};

/** Group duties count only with a due date ("we need to ship it by Friday"), else they are discussion. */
const groupDutyCues: Record<CueLanguage, RegExp> = {
  en: phrase("we (?:need|have|must|should) to|we(?:'ll| will)(?! (?:be|see|talk|discuss)(?!\\p{L}))"),
  es: phrase("hay que|tenemos que|debemos"),
  pt: phrase("temos que|precisamos|a gente (?:tem que|precisa|vai)"),
};

/** Verbs after a name that hand it a task: "Ana will", "Bob's going to", "Lucía va a", "João vai". */
const namedTaskVerbs: Record<CueLanguage, string> = {
  en: "(?:will|'ll|is going to|'s going to|needs to|has to|should|can|takes|is taking|owns)",
  es: "(?:va a|se encarga|se encargar[áa]|se ocupa|tiene que|debe|puede)",
  pt: "(?:vai|fica com|se encarrega|tem que|precisa|pode)",
};

const name = "(\\p{Lu}[\\p{L}'-]+(?: \\p{Lu}[\\p{L}'-]+)?)";

/** Capitalised words that start sentences or name days, never people. */
const notNames = new Set(
  (
    "i we you he she it they this that these those there then so and but or also everyone everybody someone somebody nobody who what which " +
    "ok okay yes no yeah well now today tomorrow maybe please let team " +
    "yo nosotros tú usted él ella ellos ellas eso esto alguien todos nadie quien qué sí bueno pues entonces vale hoy mañana luego " +
    "eu nós você vocês ele ela eles elas isso isto alguém todo todos ninguém quem sim não bom então tá hoje amanhã depois gente " +
    "monday tuesday wednesday thursday friday saturday sunday lunes martes miércoles jueves viernes sábado domingo segunda terça quarta quinta sexta"
  ).split(" "),
);

export interface ActionCue {
  owner: string | null;
  due: string | null;
}

/** A statement with a tag question ("..., right?", "¿verdad?", "né?") still states it. */
const tagQuestion = /,?\s*¿?(?:right|yes|no|ok|okay|correct|verdad|cierto|né|certo|tá|não é)\?$/iu;

export function isQuestion(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.endsWith("?") && !tagQuestion.test(trimmed);
}

export function isDecision(text: string, languages: readonly CueLanguage[]): boolean {
  if (isQuestion(text)) return false;
  return languages.some((language) => decisionCues[language].some((cue) => cue.test(text)));
}

/** The action item in `text` (its owner and due date when said), or null when it is not one. */
export function findActionItem(text: string, speaker: string | null, languages: readonly CueLanguage[]): ActionCue | null {
  const due = findDue(text, languages);
  const named = namedOwner(text, languages);
  const isFirstPerson = languages.some((language) => firstPersonCues[language].some((cue) => cue.test(text)));
  const isTask = languages.some((language) => taskCues[language].some((cue) => cue.test(text)));
  const isGroupDuty = due !== null && languages.some((language) => groupDutyCues[language].test(text));
  if (!named && !isFirstPerson && !isTask && !isGroupDuty) return null;
  return { owner: named ?? (isFirstPerson ? speaker : null), due };
}

/** "Ana will...", "Ana, can you...", "can you, Ana,...", "Lucía va a...", "João, você pode...". */
function namedOwner(text: string, languages: readonly CueLanguage[]): string | null {
  const patterns = languages.flatMap((language) => [
    new RegExp(`(?<![\\p{L}])${name},? ${namedTaskVerbs[language]}(?![\\p{L}])`, "u"),
    new RegExp(
      `^(?:[\\p{L}]+, )?${name}, (?:¿\\s*)?(?:can|could|would|please|puedes|podr[íi]as|por favor|voc[êe]|pode|consegue)(?![\\p{L}])`,
      "u",
    ),
    new RegExp(`(?:can you|could you|puedes|podr[íi]as|voc[êe] pode),? ${name}[,?]`, "iu"),
  ]);
  for (const pattern of patterns) {
    const found = pattern.exec(text)?.[1];
    if (found && !notNames.has(found.split(" ")[0]?.toLowerCase() ?? "")) return found;
  }
  return null;
}

const months = {
  en: "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec",
  es: "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre",
  pt: "janeiro|fevereiro|março|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro",
};

const duePatterns: Record<CueLanguage, RegExp[]> = {
  en: [
    phrase(
      "(?:(?:by|before|until|till|on|due|no later than) )?(?:(?:next|this) )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?: (?:morning|afternoon|evening|night))?",
    ),
    phrase(`(?:(?:by|before|until) )?(?:the )?end of (?:${months.en})`),
    phrase(
      "(?:(?:by|before|until) )?(?:tomorrow(?: (?:morning|afternoon|evening))?|tonight|today|eod|end of (?:the )?(?:day|week|month|quarter|year|sprint)|(?:next|this) (?:week|month|quarter|year|sprint))",
    ),
    phrase(`(?:(?:by|on|before|until) )?(?:${months.en})\\.? \\d{1,2}(?:st|nd|rd|th)?`),
    phrase(`(?:(?:by|on|before|until) )?(?:the )?\\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:${months.en})`),
    phrase("(?:by|on|before|until) (?:the )?\\d{1,2}(?:st|nd|rd|th)"),
    phrase("(?:(?:by|on|before) )?\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?"),
    phrase("(?:in|within) (?:a|one|two|three|four|five|six|\\d+) (?:days?|weeks?|months?)"),
  ],
  es: [
    phrase(
      "(?:(?:para|antes|hasta) (?:el|del) (?:pr[óo]ximo )?|el (?:pr[óo]ximo )?|este )?(?:lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo)(?: que viene)?",
    ),
    phrase("(?:(?:para|antes de|hasta) )?(?:pasado )?(?<!(?:la|esta|una|por la|cada) )ma[ñn]ana|(?:para )?hoy"),
    phrase(
      "(?:(?:para|antes de|hasta) )?(?:la )?(?:pr[óo]xima|siguiente) semana|(?:para )?la semana que viene|(?:el )?(?:pr[óo]ximo|siguiente) mes",
    ),
    phrase("(?:(?:para|antes de|hasta) )?(?:el )?fin(?:al)? de(?:l)? (?:mes|semana|año|d[íi]a)"),
    phrase(`(?:(?:para|antes|hasta) (?:el|del) |el )?\\d{1,2} de (?:${months.es})`),
    phrase("(?:en|dentro de) (?:un|una|dos|tres|cuatro|\\d+) (?:d[íi]as?|semanas?|mes(?:es)?)"),
  ],
  pt: [
    phrase(
      "(?:(?:at[ée](?: a| o)?|na|no|nesta|neste|na pr[óo]xima|no pr[óo]ximo|para) )(?:segunda|ter[çc]a|quarta|quinta|sexta)(?:-feira)?|(?:segunda|ter[çc]a|quarta|quinta|sexta)-feira|(?:(?:at[ée](?: o)?|no|neste|no pr[óo]ximo) )?(?:s[áa]bado|domingo)",
    ),
    phrase("(?:(?:at[ée]|para) )?(?:depois de )?amanh[ãa]|(?:at[ée] )?hoje"),
    phrase("(?:(?:at[ée]|para) )?(?:a |na )?pr[óo]xima semana|(?:na )?semana que vem|(?:no )?m[êe]s que vem"),
    phrase("(?:(?:at[ée]|para) )?(?:o )?(?:fim|final) d[oa] (?:m[êe]s|semana|dia|ano)"),
    phrase(`(?:(?:at[ée]|para) (?:o )?(?:dia )?|dia )?\\d{1,2} de (?:${months.pt})`),
    phrase("(?:em|dentro de) (?:um|uma|dois|duas|tr[êe]s|quatro|\\d+) (?:dias?|semanas?|m[êe]s(?:es)?)"),
  ],
};

/** The due date as said ("by Friday", "el viernes", "até sexta-feira"): the earliest such phrase in the text. */
export function findDue(text: string, languages: readonly CueLanguage[]): string | null {
  let best: { at: number; text: string } | null = null;
  for (const language of languages) {
    for (const pattern of duePatterns[language]) {
      const found = pattern.exec(text);
      if (found && (best === null || found.index < best.at || (found.index === best.at && found[0].length > best.text.length))) {
        best = { at: found.index, text: found[0].trim() };
      }
    }
  }
  return best?.text ?? null;
}
