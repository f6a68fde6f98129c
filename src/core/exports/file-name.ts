import type { ExportFormat } from "~/shared/exports/exports-api";

// A download's name: the note's title as a slug plus the format's extension. The header carries an
// ASCII name for old clients and the accented one as RFC 5987 `filename*` (RFC 6266 section 4.3).

const maxSlugLength = 80;

function trimSlug(slug: string, fallback: string): string {
  const cut = [...slug].slice(0, maxSlugLength).join("").replace(/-+$/, "");
  return cut || fallback;
}

/** "Reunião de sexta!" -> "reuniao-de-sexta": lowercase ASCII letters, digits and hyphens. */
export function asciiSlug(title: string): string {
  const plain = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "");
  return trimSlug(plain, "note");
}

/** "Reunião de sexta!" -> "reunião-de-sexta": letters of any script kept, everything else a hyphen. */
export function unicodeSlug(title: string): string {
  const slug = title
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+/, "");
  return trimSlug(slug, asciiSlug(title));
}

export function exportFileName(title: string, format: ExportFormat): string {
  return `${unicodeSlug(title)}.${format}`;
}

/** `attachment; filename="reuniao.pdf"; filename*=UTF-8''reuni%C3%A3o.pdf`. */
export function contentDisposition(title: string, format: ExportFormat): string {
  // encodeURIComponent leaves ' ( ) * unescaped; RFC 5987's attr-char does not allow them.
  const encoded = encodeURIComponent(exportFileName(title, format)).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiSlug(title)}.${format}"; filename*=UTF-8''${encoded}`;
}
