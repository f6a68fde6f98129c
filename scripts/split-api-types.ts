import { astToString, type OpenAPI3 } from "openapi-typescript";
import ts from "typescript";
import {
  type ApiTypeFile,
  apiTypesHeader,
  groupSchemas,
  type PlannedFile,
  pascal,
  refsOf,
  splitByPrefix,
  tagOfPath,
} from "./api-types-plan";

// The browser's API types as a folder of files under ~400 lines each (house rule; decision 021): the one
// openapi-typescript output split by meaning. paths-<tag>*.ts hold one OpenAPI tag's routes (a large tag
// is split by path segment), components-<tag>*.ts the schemas only that tag uses, components-common.ts the
// ones several tags share; components.ts and api-paths.ts compose `components` and `paths` under the same
// names and with the same members as the single file had. The members are openapi-typescript's own nodes.

/** Lines a generated file may have, header and imports included. */
export const apiTypesFileLines = 400;
/** What a file needs besides its members: header, imports, the alias's own lines. */
const overhead = 12;

const print = (nodes: ts.Node[]) => astToString(nodes);
const exported = [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)];
const alias = (name: string, type: ts.TypeNode, isExported = true) =>
  ts.factory.createTypeAliasDeclaration(isExported ? exported : undefined, name, undefined, type);
const objectType = (members: readonly ts.TypeElement[]) => ts.factory.createTypeLiteralNode([...members]);
const intersection = (names: string[]) =>
  ts.factory.createIntersectionTypeNode(names.map((name) => ts.factory.createTypeReferenceNode(name)));
const property = (name: string, type: ts.TypeNode) => ts.factory.createPropertySignature(undefined, name, undefined, type);
const importLine = (type: string, file: string) => `import type { ${type} } from "./${file}";\n`;
/** openapi-typescript writes a reference to a schema as components["schemas"]["Name"]. */
const refersToComponents = (text: string) => text.includes('components["');

function memberName(member: ts.TypeElement): string {
  const name = member.name;
  if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) return name.text;
  throw new Error(`split-api-types: a member without a plain name (${ts.SyntaxKind[member.kind]})`);
}

function aliasMembers(statements: ts.Node[], name: string): readonly ts.TypeElement[] {
  const found = statements.find((node): node is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(node) && node.name.text === name);
  return found && ts.isTypeLiteralNode(found.type) ? found.type.members : [];
}

/** Members by name, and the lines each takes when printed inside an object type. */
function membersByName(members: readonly ts.TypeElement[]) {
  const nodes = new Map(members.map((member) => [memberName(member), member]));
  const node = (name: string) => nodes.get(name) as ts.TypeElement;
  const lines = (name: string) => print([alias("x", objectType([node(name)]))]).split("\n").length - 3;
  return { names: [...nodes.keys()], node, lines };
}

/** The schema files: each exports its schemas and sees the ones they refer to as a local `components`. */
function schemaFileText(document: OpenAPI3, file: PlannedFile, files: PlannedFile[], node: (name: string) => ts.TypeElement): string {
  const fileOf = new Map(files.flatMap((other) => other.keys.map((key) => [key, other] as const)));
  const imported = new Set<PlannedFile>();
  for (const key of file.keys) {
    for (const target of refsOf(document.components?.schemas?.[key])) {
      const other = fileOf.get(target);
      if (other && other !== file) imported.add(other);
    }
  }
  const imports = [...imported].sort((a, b) => a.name.localeCompare(b.name));
  const body = print([alias(file.type, objectType(file.keys.map(node)))]);
  const view = refersToComponents(body)
    ? print([
        alias("components", objectType([property("schemas", intersection([file.type, ...imports.map((other) => other.type)]))]), false),
      ])
    : "";
  return `${apiTypesHeader}${imports.map((other) => importLine(other.type, other.name)).join("")}${body}${view}`;
}

/** The files of `statements`, openapi-typescript's output for `document`, sorted by name. */
export function splitApiTypes(document: OpenAPI3, statements: ts.Node[], fileLines = apiTypesFileLines): ApiTypeFile[] {
  const budget = fileLines - overhead;
  const componentMembers = aliasMembers(statements, "components");
  const schemasMember = componentMembers.find((member) => memberName(member) === "schemas");
  const schemaType = schemasMember && ts.isPropertySignature(schemasMember) ? schemasMember.type : undefined;
  const schemas = membersByName(schemaType && ts.isTypeLiteralNode(schemaType) ? schemaType.members : []);
  const schemaFiles = groupSchemas(document, schemas.names, schemas.lines, budget);
  const files: ApiTypeFile[] = schemaFiles.map((file) => ({
    name: file.name,
    text: schemaFileText(document, file, schemaFiles, schemas.node),
  }));

  const composedComponents = componentMembers.map((member) =>
    member === schemasMember && schemaFiles.length > 0 ? property("schemas", intersection(schemaFiles.map((file) => file.type))) : member,
  );
  files.push({
    name: "components",
    text: `${apiTypesHeader}${schemaFiles.map((file) => importLine(file.type, file.name)).join("")}${print([alias("components", objectType(composedComponents))])}`,
  });

  const paths = membersByName(aliasMembers(statements, "paths"));
  const byTag = new Map<string, string[]>();
  for (const key of paths.names) {
    const tag = tagOfPath(document.paths?.[key]);
    byTag.set(tag, [...(byTag.get(tag) ?? []), key]);
  }
  const pathFiles: PlannedFile[] = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([tag, keys]) => splitByPrefix(`paths-${tag}`, keys, paths.lines, budget))
    .map((file) => ({ ...file, type: `${pascal(file.name.replace(/^paths-/, ""))}Paths` }))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const file of pathFiles) {
    const body = print([alias(file.type, objectType(file.keys.map(paths.node)))]);
    files.push({
      name: file.name,
      text: `${apiTypesHeader}${refersToComponents(body) ? importLine("components", "components") : ""}${body}`,
    });
  }

  // The composing module keeps the single file's exports, in its order: paths is the per-tag parts together.
  const statementsText = statements.map((node) => {
    if (!ts.isTypeAliasDeclaration(node)) return print([node]);
    if (node.name.text === "paths" && pathFiles.length > 0)
      return print([alias("paths", intersection(pathFiles.map((file) => file.type)))]);
    if (node.name.text === "components") return 'export type { components } from "./components";\n';
    return print([node]);
  });
  files.push({
    name: "api-paths",
    text: `${apiTypesHeader}${pathFiles.map((file) => importLine(file.type, file.name)).join("")}${statementsText.join("")}`,
  });
  const names = files.map((file) => file.name);
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) throw new Error(`split-api-types: two files would be named ${repeated.join(", ")}`);
  return files.sort((a, b) => a.name.localeCompare(b.name));
}
