import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SelectInput } from "./select-input";
import { TextArea } from "./text-area";
import { TextInput } from "./text-input";

// The field primitives carry the shared look and hand everything else to the element untouched: the e2e
// tests find fields by role and label, so ids, names, types and aria attributes must come out as given.
const look = "rounded-lg border border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-950";

describe("TextInput", () => {
  it("renders an input with the shared look, small text, then the caller's layout", () => {
    const html = renderToStaticMarkup(<TextInput id="q" className="w-full px-3 py-2" />);
    expect(html).toBe(`<input id="q" class="${look} text-sm w-full px-3 py-2"/>`);
  });

  it("passes ids, names, types and aria attributes through as given", () => {
    const html = renderToStaticMarkup(<TextInput id="mail" name="email" type="email" aria-invalid aria-describedby="mail-error" />);
    expect(html).toContain('id="mail"');
    expect(html).toContain('name="email"');
    expect(html).toContain('type="email"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="mail-error"');
  });

  it("gives a title being edited large, semibold text instead of small text", () => {
    const html = renderToStaticMarkup(<TextInput isTitle className="w-full p-2" />);
    expect(html).toBe(`<input class="${look} text-lg font-semibold w-full p-2"/>`);
    expect(html).not.toContain("isTitle");
  });
});

describe("TextArea and SelectInput", () => {
  it("carry the same look and keep their children and attributes", () => {
    expect(renderToStaticMarkup(<TextArea id="t" rows={3} defaultValue="x" />)).toBe(
      `<textarea id="t" rows="3" class="${look} text-sm">x</textarea>`,
    );
    expect(
      renderToStaticMarkup(
        <SelectInput id="s" defaultValue="b" className="w-full">
          <option value="a">A</option>
          <option value="b">B</option>
        </SelectInput>,
      ),
    ).toBe(`<select id="s" class="${look} text-sm w-full"><option value="a">A</option><option value="b" selected="">B</option></select>`);
  });
});
