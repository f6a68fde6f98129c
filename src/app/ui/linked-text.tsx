import { Fragment, type ReactNode } from "react";

// A mark no translation contains: it stands in for each link while the message is formatted.
const mark = "\u2063";

/**
 * A translated sentence with links inside it. The message names each link as an ICU placeholder
 * ("you agree to the {terms} and the {privacy}"), so translators can move them; `format` is the t() call
 * with the values it gets, and each placeholder is replaced by its node from `links`.
 */
export function LinkedText({ format, links }: { format: (values: Record<string, string>) => string; links: Record<string, ReactNode> }) {
  const values = Object.fromEntries(Object.keys(links).map((name) => [name, `${mark}${name}${mark}`]));
  const parts = format(values).split(mark);
  return (
    <>
      {parts.map((part, index) => (
        // Odd parts are placeholder names; the order of the parts never changes for a given message.
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are fixed by the message, never reordered.
        <Fragment key={index}>{index % 2 === 1 ? (links[part] ?? part) : part}</Fragment>
      ))}
    </>
  );
}
