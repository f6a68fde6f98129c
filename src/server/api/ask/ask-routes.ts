import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { findUserLanguage } from "~/core/accounts/data";
import { answerQuestion } from "~/core/ask/answer";
import { findPassages, findPassagesByMeaning, findThread, listMessages, listThreads } from "~/core/ask/data";
import { addMessage, createThread, deleteThread } from "~/core/ask/mutations";
import { fusePassages, type Passage } from "~/core/ask/retrieval";
import { findNote } from "~/core/notes/data";
import type { Database } from "~/infra/db/client";
import type { EmbeddingModel } from "~/infra/llm/embedding-model";
import type { LanguageModel } from "~/infra/llm/language-model";
import type { Logger } from "~/infra/logging/logger";
import type { ApiEnv } from "~/server/hono-env";
import { chatMessageListSchema, chatThreadListSchema } from "~/shared/ask/ask-api";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationError, validationHook } from "../validation-hook";

const errors = {
  400: errorResponse("Invalid input"),
  401: errorResponse("Not signed in"),
  404: errorResponse("No such chat or note"),
};

export const askInput = z
  .object({
    question: z.string().trim().min(1).max(2_000),
    /** Continue this chat; absent: a new one. */
    threadId: z.uuid().optional(),
    /** Ask inside one note (the note's chat); absent: across all the user's notes. */
    noteId: z.uuid().optional(),
  })
  .strict();

const threads = createRoute({
  method: "get",
  path: "/ask/threads",
  tags: ["ask-ai"],
  summary: "The user's chats, newest first (across notes, or one note's with noteId)",
  request: { query: z.object({ noteId: z.uuid().optional() }) },
  responses: {
    200: { description: "Chats", content: { "application/json": { schema: chatThreadListSchema } } },
    ...errors,
  },
});
const messages = createRoute({
  method: "get",
  path: "/ask/threads/{id}/messages",
  tags: ["ask-ai"],
  summary: "A chat's messages, oldest first",
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: { description: "Messages", content: { "application/json": { schema: chatMessageListSchema } } },
    ...errors,
  },
});
const remove = createRoute({
  method: "delete",
  path: "/ask/threads/{id}",
  tags: ["ask-ai"],
  summary: "Delete a chat",
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 204: { description: "Deleted" }, ...errors },
});

/**
 * Ask-AI under /api/ask: `POST /api/ask` answers as server-sent events — `thread` (the chat and the stored
 * question), `delta` (answer text as it is written), then `done` (the stored answer with its citations) or
 * `error`. The chat history is kept per user.
 */
export function askRoutes({
  db,
  languageModel,
  embeddingModel: embeddingModelOrLoader,
  logger,
}: {
  db: Database;
  languageModel: () => Promise<LanguageModel | null>;
  /** Configured: passages are found by meaning as well as by words (decision 017); a loader follows the admin's choice. */
  embeddingModel: EmbeddingModel | null | (() => Promise<EmbeddingModel | null>);
  logger: Logger;
}) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  async function relevantPassages(query: { userId: string; noteId?: string; question: string }): Promise<Passage[]> {
    const byWords = await findPassages(db, query);
    const embeddingModel = typeof embeddingModelOrLoader === "function" ? await embeddingModelOrLoader() : embeddingModelOrLoader;
    if (!embeddingModel) return byWords;
    try {
      const [vector] = await embeddingModel.embed([query.question]);
      if (!vector) return byWords;
      const byMeaning = await findPassagesByMeaning(db, { ...query, vector, model: embeddingModel.id });
      return fusePassages([byWords, byMeaning]);
    } catch (error) {
      // The words still find passages when the embeddings endpoint is down.
      logger.warn({ err: error }, "embedding the question failed: full text only");
      return byWords;
    }
  }
  app.use("/ask", requireUser());
  app.use("/ask/*", requireUser());
  app.openapi(threads, async (c) => {
    const { noteId } = c.req.valid("query");
    return c.json({ items: await listThreads(db, { userId: currentUser(c).userId, noteId: noteId ?? null }), nextCursor: null }, 200);
  });
  app.openapi(messages, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    if (!(await findThread(db, { userId, threadId: id }))) throw new AppError("NOT_FOUND");
    return c.json({ items: await listMessages(db, { userId, threadId: id }) }, 200);
  });
  app.openapi(remove, async (c) => {
    const { id } = c.req.valid("param");
    if (!(await deleteThread(db, { userId: currentUser(c).userId, threadId: id }))) throw new AppError("NOT_FOUND");
    return c.body(null, 204);
  });
  app.post("/ask", async (c) => {
    const userId = currentUser(c).userId;
    const parsed = askInput.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw validationError(parsed.error.issues);
    const input = parsed.data;
    // Every check happens before the stream starts, so mistakes still answer with a status code.
    if (input.noteId && !(await findNote(db, { userId, noteId: input.noteId }))) throw new AppError("NOT_FOUND");
    let threadId = input.threadId ?? null;
    if (threadId) {
      const existing = await findThread(db, { userId, threadId });
      if (!existing || (existing.noteId ?? null) !== (input.noteId ?? null)) throw new AppError("NOT_FOUND");
    }
    const history = threadId ? (await listMessages(db, { userId, threadId })).map(({ role, content }) => ({ role, content })) : [];
    threadId ??= await createThread(db, { userId, noteId: input.noteId ?? null, title: input.question });
    const asked = await addMessage(db, { userId, threadId, message: { role: "user", content: input.question } });
    const passages = await relevantPassages({ userId, noteId: input.noteId, question: input.question });
    const language = (await findUserLanguage(db, { userId })) ?? "en";
    return streamSSE(c, async (stream) => {
      const abort = new AbortController();
      stream.onAbort(() => abort.abort());
      await stream.writeSSE({ event: "thread", data: JSON.stringify({ threadId, question: { id: asked?.id, content: input.question } }) });
      try {
        // Loaded here, inside the stream: a model that cannot load is an `error` event like any failed answer.
        const model = await languageModel();
        for await (const event of answerQuestion({ model, question: input.question, history, passages, language, signal: abort.signal })) {
          if (event.kind === "delta") {
            await stream.writeSSE({ event: "delta", data: JSON.stringify({ text: event.text }) });
            continue;
          }
          // The answer is kept even if the reader left mid-way: the chat history shows it next time.
          const saved = await addMessage(db, {
            userId,
            threadId,
            message: { role: "assistant", content: event.content, citations: event.citations, engine: event.engine },
          });
          await stream.writeSSE({
            event: "done",
            data: JSON.stringify({
              message: {
                id: saved?.id,
                role: "assistant",
                content: event.content,
                citations: event.citations,
                engine: event.engine,
                createdAt: saved?.createdAt,
              },
            }),
          });
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        logger.warn({ err: error, threadId }, "ask-AI answer failed");
        await stream.writeSSE({ event: "error", data: JSON.stringify({ errorCode: "ANSWER_FAILED" }) });
      }
    });
  });
  return app;
}
