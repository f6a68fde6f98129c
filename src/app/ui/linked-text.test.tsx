import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LinkedText } from "./linked-text";

describe("LinkedText", () => {
  it("puts each link where the translated message names it, in the message's order", () => {
    const html = renderToStaticMarkup(
      <LinkedText
        format={(values) => `Al crear una cuenta, aceptas los ${values.terms} y la ${values.privacy}.`}
        links={{ privacy: <a href="/policy.html">Política de privacidad</a>, terms: <a href="/terms.html">Términos</a> }}
      />,
    );
    expect(html).toBe(
      'Al crear una cuenta, aceptas los <a href="/terms.html">Términos</a> y la <a href="/policy.html">Política de privacidad</a>.',
    );
  });
});
