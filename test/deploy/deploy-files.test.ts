import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema } from "../../src/runtime/env";
import {
  asArray,
  composeVariables,
  dockerfileVariables,
  dockerStages,
  effectiveUser,
  envFileVariables,
  isRecord,
  kubernetesVariables,
  type NamedVariable,
  parseYamlDocuments,
  podContainers,
  unknownVariables,
} from "./deploy-checks";

// Issue 21: the deployment files cannot be run here (no container daemon, no cluster), so CI checks them
// statically: every YAML parses, Kubernetes objects are well formed and wired to each other, probes hit
// /api/health, the Dockerfile has its three targets and runs them as a non-root user, and every variable
// any of these files names is a setting of src/runtime/env.ts (or an allowed third-party name).

const root = path.resolve(import.meta.dirname, "../..");
const read = (relative: string) => readFileSync(path.join(root, relative), "utf8");
const k8sDir = "deploy/k8s";
const yamlFiles = readdirSync(path.join(root, "deploy"), { recursive: true, encoding: "utf8" })
  .filter((file) => /\.ya?ml$/.test(file))
  .map((file) => path.posix.join("deploy", file.split(path.sep).join("/")))
  .sort();
const knownVariables = new Set(Object.keys(envSchema.shape));

function k8sObjects(): { file: string; text: string; objects: Record<string, unknown>[] }[] {
  return yamlFiles
    .filter((file) => file.startsWith(`${k8sDir}/`))
    .map((file) => {
      const text = read(file);
      return { file, text, objects: parseYamlDocuments(text).documents.filter(isRecord) };
    });
}
const allObjects = () => k8sObjects().flatMap(({ objects }) => objects);
const nameOf = (object: Record<string, unknown>) => (isRecord(object.metadata) ? object.metadata.name : undefined);
const ofKind = (kind: string) => allObjects().filter((object) => object.kind === kind);

function allVariables(): NamedVariable[] {
  return [
    ...dockerfileVariables(read("Dockerfile")),
    ...composeVariables(read("deploy/compose.yaml"), "deploy/compose.yaml"),
    ...envFileVariables(read("deploy/.env.example"), "deploy/.env.example"),
    ...k8sObjects().flatMap(({ file, text, objects }) => kubernetesVariables(objects, text, file)),
  ];
}

describe("deployment files", () => {
  it("finds the compose file and the Kubernetes manifests", () => {
    expect(yamlFiles).toContain("deploy/compose.yaml");
    for (const name of ["namespace", "configmap", "secret", "rbac", "web", "worker", "ingress", "kustomization"]) {
      expect(yamlFiles).toContain(`${k8sDir}/${name}.yaml`);
    }
  });

  it.each(yamlFiles)("%s parses as YAML", (file) => {
    const { documents, errors } = parseYamlDocuments(read(file));
    expect(errors).toEqual([]);
    expect(documents.length).toBeGreaterThan(0);
  });

  it("gives every Kubernetes object an apiVersion, a kind and a name in the parley namespace", () => {
    for (const { file, objects } of k8sObjects()) {
      for (const object of objects) {
        const label = `${file}: ${String(object.kind)}`;
        expect(typeof object.apiVersion, label).toBe("string");
        expect(typeof object.kind, label).toBe("string");
        if (object.kind === "Kustomization") continue;
        expect(typeof nameOf(object), label).toBe("string");
        const namespace = isRecord(object.metadata) ? object.metadata.namespace : undefined;
        expect(object.kind === "Namespace" ? nameOf(object) : namespace, label).toBe("parley");
      }
    }
  });

  it("probes /api/health: the web has readiness and liveness, and no probe looks elsewhere", () => {
    const containers = allObjects().flatMap(podContainers);
    const web = containers.find(({ object }) => object === "Deployment/parley-web");
    expect(web).toBeDefined();
    for (const probe of ["readinessProbe", "livenessProbe"]) expect(web?.container[probe], probe).toBeDefined();
    for (const { object, container } of containers) {
      for (const probe of ["readinessProbe", "livenessProbe", "startupProbe"]) {
        const value = container[probe];
        if (value === undefined) continue;
        expect(isRecord(value) && isRecord(value.httpGet) ? value.httpGet.path : null, `${object} ${probe}`).toBe("/api/health");
      }
    }
  });

  it("wires the manifests together: config, secret, service account, selectors, kustomization", () => {
    const configMaps = new Set(ofKind("ConfigMap").map(nameOf));
    const secrets = new Set(ofKind("Secret").map(nameOf));
    const accounts = new Set(ofKind("ServiceAccount").map(nameOf));
    for (const deployment of ofKind("Deployment")) {
      const spec = isRecord(deployment.spec) ? deployment.spec : {};
      const template = isRecord(spec.template) ? spec.template : {};
      const podSpec = isRecord(template.spec) ? template.spec : {};
      if (podSpec.serviceAccountName !== undefined) expect(accounts).toContain(podSpec.serviceAccountName);
      for (const { container } of podContainers(deployment)) {
        for (const source of asArray(container.envFrom).filter(isRecord)) {
          if (isRecord(source.configMapRef)) expect(configMaps).toContain(source.configMapRef.name);
          if (isRecord(source.secretRef)) expect(secrets).toContain(source.secretRef.name);
        }
      }
      const selector = isRecord(spec.selector) && isRecord(spec.selector.matchLabels) ? spec.selector.matchLabels : {};
      const labels = isRecord(template.metadata) && isRecord(template.metadata.labels) ? template.metadata.labels : {};
      expect(labels).toMatchObject(selector);
    }
    const webLabels = ofKind("Deployment").find((deployment) => nameOf(deployment) === "parley-web");
    const service = ofKind("Service").find((candidate) => nameOf(candidate) === "parley-web");
    const serviceSelector = isRecord(service?.spec) ? service.spec.selector : undefined;
    expect(isRecord(webLabels?.spec) && isRecord(webLabels.spec.template) ? webLabels.spec.template.metadata : null).toMatchObject({
      labels: serviceSelector,
    });
    const [kustomization] = ofKind("Kustomization");
    for (const resource of asArray(kustomization?.resources))
      expect(existsSync(path.join(root, k8sDir, String(resource))), String(resource)).toBe(true);
    // The template carries names only: `kubectl apply -k` must never be able to push an empty secret.
    expect(asArray(kustomization?.resources)).not.toContain("secret.yaml");
    for (const secret of ofKind("Secret")) {
      for (const value of Object.values(isRecord(secret.stringData) ? secret.stringData : {})) expect(value).toBe("");
      expect(secret.data).toBeUndefined();
    }
  });

  it("lets the bot launcher's service account create, read, list and delete Jobs, and nothing else", () => {
    const [role] = ofKind("Role");
    expect(asArray(role?.rules)).toEqual([{ apiGroups: ["batch"], resources: ["jobs"], verbs: ["create", "get", "list", "delete"] }]);
    const [binding] = ofKind("RoleBinding");
    expect(binding?.roleRef).toMatchObject({ kind: "Role", name: nameOf(role ?? {}) });
    const configMap = ofKind("ConfigMap")[0];
    expect(isRecord(configMap?.data) ? configMap.data.BOT_LAUNCHER : null).toBe("kubernetes");
  });

  it("builds web, worker and bot targets in the Dockerfile, run as a non-root user, the web with a health check", () => {
    const dockerfile = read("Dockerfile");
    const stages = dockerStages(dockerfile);
    for (const target of ["web", "worker", "bot"]) {
      expect(stages.map((stage) => stage.name)).toContain(target);
      const user = effectiveUser(stages, target);
      // Numeric and not 0: Kubernetes' runAsNonRoot cannot check a user name and refuses the pod.
      expect(user, `${target} runs as`).toMatch(/^[1-9][0-9]*(:[0-9]+)?$/);
    }
    const web = stages.find((stage) => stage.name === "web");
    expect(web?.lines.find((line) => line.startsWith("HEALTHCHECK"))).toContain("/api/health");
    expect(stages.find((stage) => stage.name === "bot")?.lines.join("\n")).toMatch(/apt-get install[^\n]* chromium/);
    const dockerignore = read(".dockerignore").split("\n");
    for (const entry of [".git", "node_modules", ".env"]) expect(dockerignore).toContain(entry);
  });

  it("imports no devDependency from code the images run (they keep production dependencies only)", () => {
    const manifest = JSON.parse(read("package.json")) as { devDependencies: Record<string, string> };
    const devPackages = Object.keys(manifest.devDependencies);
    // React Router's route config is read by its build (a devDependency) and never shipped.
    const buildTimeOnly = new Set(["src/app/routes.ts"]);
    const sources = readdirSync(path.join(root, "src"), { recursive: true, encoding: "utf8" })
      .map((file) => path.posix.join("src", file.split(path.sep).join("/")))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !buildTimeOnly.has(file));
    const offenders = sources.flatMap((file) => {
      const specifiers = [...read(file).matchAll(/(?:from\s+|import\s*\(\s*)["']([^"'.][^"']*)["']/g)].map((match) => match[1] ?? "");
      return specifiers
        .filter((specifier) => devPackages.some((name) => specifier === name || specifier.startsWith(`${name}/`)))
        .map((specifier) => `${file}: ${specifier}`);
    });
    expect(sources.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });

  it("builds only Dockerfile targets from compose, and lists every variable it interpolates in .env.example", () => {
    const { documents } = parseYamlDocuments(read("deploy/compose.yaml"));
    const compose = documents[0];
    const services = isRecord(compose) && isRecord(compose.services) ? compose.services : {};
    expect(Object.keys(services)).toEqual(expect.arrayContaining(["postgres", "seaweedfs", "web", "worker"]));
    const targets = new Set(dockerStages(read("Dockerfile")).map((stage) => stage.name));
    for (const service of Object.values(services).filter(isRecord)) {
      if (isRecord(service.build)) expect(targets).toContain(service.build.target);
    }
    const listed = new Set(envFileVariables(read("deploy/.env.example"), "").map(({ name }) => name));
    const interpolated = [...read("deploy/compose.yaml").matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]);
    for (const name of interpolated) expect(listed, `${name} in deploy/.env.example`).toContain(name);
  });

  it("pins every pulled image to a version: no :latest and no bare name", () => {
    const { documents } = parseYamlDocuments(read("deploy/compose.yaml"));
    const compose = documents[0];
    const services = isRecord(compose) && isRecord(compose.services) ? compose.services : {};
    // Images built here (a `build:` section) are named by compose; only pulled ones need a tag.
    const pulled = Object.values(services)
      .filter(isRecord)
      .filter((service) => !isRecord(service.build) && typeof service.image === "string")
      .map((service) => String(service.image));
    expect(pulled.length).toBeGreaterThanOrEqual(2);
    expect(pulled.filter((image) => !/:[\w.-]+$/.test(image) || image.endsWith(":latest"))).toEqual([]);
  });

  it("names only variables that src/runtime/env.ts knows (or POSTGRES_* for the postgres image)", () => {
    const found = allVariables();
    expect(found.length).toBeGreaterThan(20);
    expect(unknownVariables(found, knownVariables)).toEqual([]);
  });

  it("fails when a file names a variable env.ts does not know", () => {
    const configMap = `${read(`${k8sDir}/configmap.yaml`)}  PARLEY_MYSTERY_SETTING: "1"\n`;
    const objects = parseYamlDocuments(configMap).documents.filter(isRecord);
    const compose = read("deploy/compose.yaml").replace("BOT_LAUNCHER: child", "BOT_LAUNCHR: child");
    const found = [
      ...kubernetesVariables(objects, configMap, "configmap.yaml"),
      ...composeVariables(compose, "compose.yaml"),
      ...dockerfileVariables(
        ["FROM node AS web", "ENV MYSTERY_PORT=1 \\", "    NODE_ENV=production", "RUN echo $" + "{OTHER_MYSTERY}", ""].join("\n"),
      ),
      ...envFileVariables("# TYPO_SECRET=\n", ".env.example"),
    ];
    expect(
      unknownVariables(found, knownVariables)
        .map(({ name }) => name)
        .sort(),
    ).toEqual(["BOT_LAUNCHR", "MYSTERY_PORT", "OTHER_MYSTERY", "PARLEY_MYSTERY_SETTING", "TYPO_SECRET"]);
  });
});
