import { findCatalogProblems } from "./catalog-keys";

// CI check: en, es and pt catalogs must have the same keys (run by `npm run i18n:check`).
const problems = findCatalogProblems();
for (const problem of problems) {
  process.stderr.write(`${problem.locale}/${problem.namespace}.json\n`);
  for (const key of problem.missing) process.stderr.write(`  missing: ${key}\n`);
  for (const key of problem.extra) process.stderr.write(`  extra:   ${key}\n`);
}
if (problems.length > 0) process.exit(1);
process.stdout.write("i18n catalogs: en, es and pt have the same keys\n");
