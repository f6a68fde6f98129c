import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  documentedFolders,
  domainGraph,
  domainVocabularyProblems,
  folderCycles,
  listFolders,
  undocumentedFolders,
} from "./structure-rules";

// `npm run lint`: the structure rules of decision 020 on this repository; exits 1 with every problem.
const srcRoot = path.resolve("src");
const coreRoot = path.join(srcRoot, "core");
const problems: string[] = [];

for (const domain of readdirSync(coreRoot, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
  const entries = readdirSync(path.join(coreRoot, domain.name), { withFileTypes: true });
  problems.push(
    ...domainVocabularyProblems(
      domain.name,
      entries.map((entry) => ({ name: entry.name, isFolder: entry.isDirectory() })),
    ),
  );
}
for (const cycle of folderCycles(domainGraph(coreRoot, srcRoot))) {
  problems.push(`core domains import each other: ${cycle.join(" <-> ")} (pick one direction, or move the shared part down)`);
}
const documented = documentedFolders(readFileSync("docs/ARCHITECTURE.md", "utf8"));
for (const folder of undocumentedFolders(listFolders(srcRoot), documented)) {
  problems.push(`src/${folder} has no line in docs/ARCHITECTURE.md's layout`);
}

for (const problem of problems) process.stderr.write(`${problem}\n`);
if (problems.length > 0) process.exit(1);
process.stdout.write("structure: domain files, domain graph and ARCHITECTURE.md lines are in order\n");
