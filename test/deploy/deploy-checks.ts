import { parseAllDocuments } from "yaml";

// Reading the deployment files (Dockerfile, deploy/compose.yaml, deploy/.env.example, deploy/k8s/*.yaml)
// for the static checks of deploy-files.test.ts: no container daemon or cluster runs them here, so CI
// checks what can be checked without one. Pure functions over file texts, so a test can feed a bad copy.

export interface NamedVariable {
  name: string;
  /** "deploy/k8s/web.yaml: env" etc., for the failure message. */
  where: string;
}

/** Third-party names the files may use: the postgres image's own settings. */
export const thirdPartyVariable = /^POSTGRES_[A-Z0-9_]+$/;
/** Set by the bot launchers for the bot role (src/bot/main.ts), not read from the process settings. */
export const launcherVariables = new Set(["PARLEY_BOT_JOB"]);

const variableName = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `$NAME`, `${NAME}`, `${NAME:-default}`, compose's escaped `$$NAME`; Kubernetes' `$(NAME)`. */
const shellReference = /\$\$?\{?([A-Za-z_][A-Za-z0-9_]*)/g;
const kubernetesReference = /\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g;

export function parseYamlDocuments(text: string): { documents: unknown[]; errors: string[] } {
  const parsed = parseAllDocuments(text);
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return {
    documents: list.map((document) => document.toJS() as unknown).filter((value) => value !== null && value !== undefined),
    errors: list.flatMap((document) => document.errors.map((error) => error.message)),
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function withoutComments(text: string): string {
  return text
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n");
}

function references(text: string, pattern: RegExp, where: string): NamedVariable[] {
  return [...withoutComments(text).matchAll(pattern)].map((match) => ({ name: match[1] ?? "", where }));
}

// --- Dockerfile ------------------------------------------------------------------------------------------

export interface DockerStage {
  name: string | null;
  from: string;
  lines: string[];
}

/** Instructions with their continuation lines joined, comments dropped. */
export function dockerInstructions(text: string): string[] {
  const joined = text
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n")
    .replace(/\\\n/g, " ");
  return joined
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

export function dockerStages(text: string): DockerStage[] {
  const stages: DockerStage[] = [];
  for (const line of dockerInstructions(text)) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1] ?? "", name: from[2] ?? null, lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** The USER a target's processes run as, following its FROM chain through earlier stages; null = root. */
export function effectiveUser(stages: DockerStage[], target: string): string | null {
  const stage = stages.find((candidate) => candidate.name === target);
  if (!stage) return null;
  const own = stage.lines.filter((line) => /^USER\s/i.test(line)).at(-1);
  if (own) return own.replace(/^USER\s+/i, "").trim();
  return stages.some((candidate) => candidate.name === stage.from) ? effectiveUser(stages, stage.from) : null;
}

export function dockerfileVariables(text: string): NamedVariable[] {
  const instructions = dockerInstructions(text);
  const buildArgs = new Set(
    instructions.flatMap((line) => {
      const arg = /^ARG\s+([A-Za-z_][A-Za-z0-9_]*)/i.exec(line);
      return arg?.[1] ? [arg[1]] : [];
    }),
  );
  const found: NamedVariable[] = [];
  for (const line of instructions) {
    const env = /^ENV\s+(.*)$/i.exec(line);
    if (env?.[1]) {
      for (const pair of env[1].matchAll(/([A-Za-z_][A-Za-z0-9_]*)=/g)) found.push({ name: pair[1] ?? "", where: "Dockerfile: ENV" });
    }
    for (const reference of references(line, shellReference, "Dockerfile: $reference")) {
      if (!buildArgs.has(reference.name)) found.push(reference);
    }
  }
  return found;
}

// --- compose and its env file ----------------------------------------------------------------------------

export function envFileVariables(text: string, where: string): NamedVariable[] {
  // Commented-out lines count too: an operator uncomments them as they are.
  return text.split("\n").flatMap((line) => {
    const match = /^\s*#?\s*([A-Z][A-Z0-9_]*)=/.exec(line);
    return match?.[1] ? [{ name: match[1], where }] : [];
  });
}

export function composeVariables(text: string, where: string): NamedVariable[] {
  const { documents } = parseYamlDocuments(text);
  const compose = documents[0];
  const found = references(text, shellReference, `${where}: \${reference}`);
  const services = isRecord(compose) && isRecord(compose.services) ? compose.services : {};
  for (const [serviceName, service] of Object.entries(services)) {
    if (!isRecord(service)) continue;
    const environment = service.environment;
    const names = Array.isArray(environment)
      ? environment.map((item) => String(item).split("=")[0] ?? "")
      : isRecord(environment)
        ? Object.keys(environment)
        : [];
    for (const name of names) found.push({ name, where: `${where}: services.${serviceName}.environment` });
  }
  return found;
}

// --- Kubernetes --------------------------------------------------------------------------------------------

export interface PodContainer {
  object: string;
  container: Record<string, unknown>;
}

/** The containers of Deployments, StatefulSets, DaemonSets, Jobs and CronJobs. */
export function podContainers(object: Record<string, unknown>): PodContainer[] {
  const spec = isRecord(object.spec) ? object.spec : {};
  const jobTemplate = isRecord(spec.jobTemplate) && isRecord(spec.jobTemplate.spec) ? spec.jobTemplate.spec : spec;
  const template = isRecord(jobTemplate.template) ? jobTemplate.template : {};
  const podSpec = isRecord(template.spec) ? template.spec : {};
  const name = `${String(object.kind)}/${String(isRecord(object.metadata) ? object.metadata.name : "?")}`;
  return [...asArray(podSpec.initContainers), ...asArray(podSpec.containers)]
    .filter(isRecord)
    .map((container) => ({ object: name, container }));
}

export function kubernetesVariables(objects: Record<string, unknown>[], text: string, where: string): NamedVariable[] {
  const found = references(text, kubernetesReference, `${where}: $(reference)`);
  for (const object of objects) {
    if (object.kind === "ConfigMap" || object.kind === "Secret") {
      for (const field of ["data", "stringData"]) {
        const values = object[field];
        if (isRecord(values))
          for (const name of Object.keys(values)) found.push({ name, where: `${where}: ${String(object.kind)}.${field}` });
      }
    }
    for (const { object: owner, container } of podContainers(object)) {
      for (const item of asArray(container.env).filter(isRecord)) found.push({ name: String(item.name), where: `${where}: ${owner} env` });
    }
  }
  return found;
}

/** Names that are neither settings of env.ts nor allowed third-party or launcher names. */
export function unknownVariables(found: NamedVariable[], known: ReadonlySet<string>): NamedVariable[] {
  return found.filter(
    ({ name }) => !variableName.test(name) || !(known.has(name) || thirdPartyVariable.test(name) || launcherVariables.has(name)),
  );
}
