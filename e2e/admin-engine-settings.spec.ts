import { expect, test } from "@playwright/test";
import { hasHorizontalOverflow, signUpVerified, skipOnboarding } from "./support/account-setup";
import { type SecondServer, startSecondServer } from "./support/second-server";

// Issue 19: an admin chooses the AI engines on /admin/engines. The shared e2e server sets the language model
// by environment variables (which win, so the page locks them); this spec runs a second server as
// `npm start` runs with nothing configured, where the admin points the notes at the OpenAI-compatible chat
// stand-in (started by playwright.config.ts on E2E_PORT + 4), tests the connection and saves.
const basePort = Number(process.env.E2E_PORT ?? 3210);
const chatUrl = `http://127.0.0.1:${basePort + 4}/v1`;
const port = basePort + 20;
const origin = `http://localhost:${port}`;
const admin = { name: "Engine Admin", email: "engines-admin@parley.test", password: "admin password 1" };

test.use({ baseURL: origin });
test.describe.configure({ mode: "serial" });

let server: SecondServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startSecondServer({
    port,
    origin,
    label: "engines",
    timeoutMs: 140_000,
    env: {
      AUTH_RATE_LIMIT_SCALE: "100",
      ADMIN_EMAILS: admin.email,
      // An empty model folder and no downloads: what runs is only what the admin chooses here.
      WHISPER_CPP_DOWNLOAD: "false",
      LLM_DOWNLOAD: "false",
      MODEL_AUTO_DOWNLOAD: "false",
      BOT_CAPACITY: "0",
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test("an admin points the notes at an OpenAI-compatible server: test connection, save, source shown as the database", async ({ page }) => {
  await signUpVerified(page, admin);
  await skipOnboarding(page);
  await page.goto("/admin/engines");
  const notes = page.getByTestId("engine-notes");
  // LLM_DOWNLOAD=false (set above) is the only choice so far: the environment's.
  await expect(notes.getByTestId("engine-source")).toHaveAttribute("data-kind", "environment");
  await expect(notes.getByTestId("engine-id")).toHaveText("none");
  await notes.getByRole("button", { name: "Change" }).click();
  await notes.getByLabel("Engine").selectOption("openai");
  // The presets fill the common servers' addresses; the stand-in listens elsewhere, so it is typed.
  await notes.getByRole("button", { name: "Ollama" }).click();
  await expect(notes.getByLabel("Server address (base URL)")).toHaveValue("http://127.0.0.1:11434/v1");
  await notes.getByLabel("Server address (base URL)").fill(chatUrl);
  await expect(notes.getByText("Stored encrypted. Local servers usually need none.")).toBeVisible();
  await notes.getByLabel("Model", { exact: true }).fill("stand-in-chat");
  await notes.getByRole("button", { name: "Test connection" }).click();
  const result = notes.getByTestId("connection-result");
  await expect(result).toHaveAttribute("data-ok", "true");
  await expect(result).toContainText("Connection works");
  await expect(result).toContainText(`${chatUrl}/models`);
  await notes.getByRole("button", { name: "Save" }).click();

  await expect(notes.getByTestId("engine-settings-form")).toHaveCount(0);
  await expect(notes.getByTestId("engine-source")).toHaveAttribute("data-kind", "database");
  await expect(notes.getByTestId("engine-source")).toContainText(`Chosen on this page by ${admin.email}`);
  await expect(notes.getByTestId("engine-id")).toHaveText("openai:stand-in-chat");
  await expect(notes.getByTestId("engine-health")).toHaveAttribute("data-state", "ok");
  // Ask-AI shares the language model.
  await expect(page.getByTestId("engine-ask").getByTestId("engine-id")).toHaveText("openai:stand-in-chat");
  // After a reload too: the choice is stored.
  await page.reload();
  await expect(page.getByTestId("engine-notes").getByTestId("engine-source")).toHaveAttribute("data-kind", "database");
});

test.describe("at phone width in Portuguese", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the change form reads in Portuguese, fits the screen, and names a wrong address", async ({ page }) => {
    await page.goto("/faq");
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: admin.email, password: admin.password },
      headers: { Origin: origin },
    });
    expect(signIn.status()).toBe(200);
    await page.goto("/pt/admin/engines");
    await expect(page.getByRole("heading", { level: 1, name: "Motores de IA" })).toBeVisible();
    const embeddings = page.getByTestId("engine-embeddings");
    await embeddings.getByRole("button", { name: "Alterar" }).click();
    await expect(embeddings.getByRole("button", { name: "servidor llama.cpp" })).toBeVisible();
    await embeddings.getByLabel("Endereço do servidor (URL base)").fill(`http://127.0.0.1:${basePort + 19}/v1`);
    await embeddings.getByLabel("Modelo", { exact: true }).fill("stand-in-chat");
    await embeddings.getByRole("button", { name: "Testar conexão" }).click();
    await expect(embeddings.getByTestId("connection-result")).toHaveAttribute("data-ok", "false");
    await expect(embeddings.getByTestId("connection-result")).toContainText("Inacessível");
    expect(await hasHorizontalOverflow(page)).toBe(false);

    await embeddings.getByLabel("Endereço do servidor (URL base)").fill(chatUrl);
    await embeddings.getByRole("button", { name: "Testar conexão" }).click();
    await expect(embeddings.getByTestId("connection-result")).toContainText("A conexão funciona");
    await embeddings.getByRole("button", { name: "Salvar" }).click();
    await expect(embeddings.getByTestId("engine-source")).toContainText("Escolhido nesta página por");
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});
