// The layers of docs/ARCHITECTURE.md, checked by `npm run lint` (decision 020). From the bottom:
// shared (pure, isomorphic) < infra (adapters) < core (domains) < runtime (what roles share) < the process
// roles (server, worker, bot, cli). The browser app sits on shared alone. Tests may reach across layers
// (an integration test of a worker starts a web role), so the layer rules judge product code only.
const test = "\\.test\\.tsx?$";
const roles = "^src/(server|worker|bot|cli)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-upward-import-of-a-role",
      comment: "shared, infra, core, runtime and the browser app never import a process role (server, worker, bot, cli).",
      severity: "error",
      from: { path: "^src/(shared|infra|core|runtime|app)/", pathNot: test },
      to: { path: roles },
    },
    {
      name: "roles-stay-apart",
      comment: "A role is a thin entry point: what two roles share lives in runtime/, infra/ or core/, never in another role.",
      severity: "error",
      from: { path: "^src/(server|worker|bot|cli)/", pathNot: test },
      to: { path: roles, pathNot: "^src/$1/" },
    },
    {
      name: "runtime-under-the-roles",
      comment: "runtime/ (env, job set, their deps) is shared by every role and sits under them and over core.",
      severity: "error",
      from: { path: "^src/(shared|infra|core|app)/", pathNot: test },
      to: { path: "^src/runtime/" },
    },
    {
      name: "infra-never-imports-core",
      comment: "Adapters know nothing of the product's domains: core uses infra, not the other way round.",
      severity: "error",
      from: { path: "^src/(infra|shared)/", pathNot: test },
      to: { path: "^src/core/" },
    },
    {
      name: "shared-is-pure",
      comment: "shared/ runs in the browser and on the server: it imports no adapter and no server-side layer.",
      severity: "error",
      from: { path: "^src/shared/", pathNot: test },
      to: { path: "^src/(infra|core|runtime|app)/" },
    },
    {
      name: "browser-imports-no-server-code",
      comment: "The browser bundle reaches the server through the API contracts in shared/ only.",
      severity: "error",
      from: { path: "^src/app/", pathNot: test },
      to: { path: "^src/(core|infra|runtime|server|worker|bot|cli)/" },
    },
    {
      name: "only-data-and-mutations-query-the-database",
      comment: "Tables and query builders are used by a domain's data.ts (reads) and mutations.ts (writes) only.",
      severity: "error",
      from: {
        path: "^src/",
        // infra/db defines the tables; create-auth hands them to better-auth's Drizzle adapter.
        pathNot: [test, "^src/core/[^/]+/(data|mutations)(\\.ts$|/)", "^src/infra/db/", "^src/infra/auth/create-auth\\.ts$"],
      },
      to: { path: ["^src/infra/db/[a-z-]*schema\\.ts$", "^node_modules/drizzle-orm/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-circular",
      comment: "No import cycles of files (cycles between domain folders are checked by scripts/check-structure.ts).",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^(src|node_modules/drizzle-orm)/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
