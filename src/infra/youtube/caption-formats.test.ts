import { describe, expect, it } from "vitest";
import {
  decodeEntities,
  mergeCaptionPieces,
  parseCaptionBody,
  parseJson3Captions,
  parseSrv1Captions,
  parseSrv3Captions,
} from "./caption-formats";

describe("json3 captions", () => {
  it("read a manual track: one event per cue, merged into a sentence", () => {
    const body = JSON.stringify({
      wireMagic: "pb3",
      pens: [{}],
      events: [
        { tStartMs: 300, dDurationMs: 2400, segs: [{ utf8: "And so my fellow\nAmericans," }] },
        { tStartMs: 3100, dDurationMs: 3600, segs: [{ utf8: "ask not what your country can do for you." }] },
        { tStartMs: 7000, dDurationMs: 3000, segs: [{ utf8: "Ask what you can do &amp; more." }] },
      ],
    });
    expect(parseJson3Captions(body)).toEqual([
      { start: 0.3, end: 6.7, text: "And so my fellow Americans, ask not what your country can do for you." },
      { start: 7, end: 10, text: "Ask what you can do & more." },
    ]);
  });

  it("read an ASR track: skip window and newline events, join word segs, clip overlapping lines", () => {
    const body = JSON.stringify({
      wireMagic: "pb3",
      events: [
        { tStartMs: 0, dDurationMs: 9000, id: 1, wpWinPosId: 1, wsWinStyleId: 1 },
        {
          tStartMs: 80,
          dDurationMs: 4000,
          wWinId: 1,
          segs: [
            { utf8: "and", acAsrConf: 0 },
            { utf8: " so", tOffsetMs: 400 },
            { utf8: " my", tOffsetMs: 720 },
          ],
        },
        { tStartMs: 2000, dDurationMs: 10, wWinId: 1, aAppend: 1, segs: [{ utf8: "\n" }] },
        { tStartMs: 2010, dDurationMs: 3000, wWinId: 1, segs: [{ utf8: "fellow" }, { utf8: " americans", tOffsetMs: 500 }] },
        { tStartMs: 4500, dDurationMs: 10, wWinId: 1, aAppend: 1, segs: [{ utf8: "\n" }] },
        { tStartMs: 5000, dDurationMs: 2000, wWinId: 1, segs: [{ utf8: "" }, { utf8: "  " }] },
      ],
    });
    expect(parseJson3Captions(body)).toEqual([{ start: 0.08, end: 5.01, text: "and so my fellow americans" }]);
  });

  it("are not json3 when the body is not JSON or has no events list", () => {
    expect(parseJson3Captions("<transcript></transcript>")).toBeNull();
    expect(parseJson3Captions(JSON.stringify({ events: "nope" }))).toBeNull();
    expect(parseJson3Captions(JSON.stringify({ wireMagic: "pb3" }))).toEqual([]);
  });
});

describe("XML captions", () => {
  it("read srv1 (<transcript><text start dur>), decoding YouTube's double escaping and old <font> styling", () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
      '<text start="0.3" dur="2.6">And so my fellow Americans,</text>' +
      '<text start="3.3" dur="3.9">ask not what your country&amp;#39;s &amp;quot;fine&amp;quot; for you.</text>' +
      '<text start="8" dur="1.5">&lt;font color=&quot;#E5E5E5&quot;&gt;Tom &amp;amp; Jerry&lt;/font&gt;</text>' +
      '<text start="9.5" dur="1"></text>' +
      '<text start="10" dur="0.5"/>' +
      "</transcript>";
    expect(parseSrv1Captions(body)).toEqual([
      { start: 0.3, end: 7.2, text: 'And so my fellow Americans, ask not what your country\'s "fine" for you.' },
      { start: 8, end: 9.5, text: "Tom & Jerry" },
    ]);
  });

  it("read srv3 (<timedtext format=3><body><p t d>), with <s> word spans, <br/> and append paragraphs", () => {
    const body = `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">
<body>
<w t="0" id="1" op="define" ju="0"/>
<p t="80" d="3920" w="1"><s ac="0">and</s><s t="400" ac="0"> so</s><s t="720" ac="0"> my</s></p>
<p t="2000" d="10" w="1" a="1">
</p>
<p t="2010" d="2990" w="1"><s ac="0">fellow</s><br/><s t="500"> americans</s></p>
<p t="20000" d="1500">It&amp;#39;s later.</p>
<p t="22000" d="100"/>
</body>
</timedtext>`;
    expect(parseSrv3Captions(body)).toEqual([
      { start: 0.08, end: 5, text: "and so my fellow americans" },
      { start: 20, end: 21.5, text: "It's later." },
    ]);
  });
});

describe("parseCaptionBody", () => {
  it("tells the three formats apart", () => {
    expect(parseCaptionBody('{"events":[{"tStartMs":0,"dDurationMs":1000,"segs":[{"utf8":"hi."}]}]}')).toEqual([
      { start: 0, end: 1, text: "hi." },
    ]);
    expect(parseCaptionBody('<transcript><text start="1" dur="1">hi.</text></transcript>')).toEqual([{ start: 1, end: 2, text: "hi." }]);
    expect(parseCaptionBody('<timedtext format="3"><body><p t="1000" d="1000">hi.</p></body></timedtext>')).toEqual([
      { start: 1, end: 2, text: "hi." },
    ]);
  });

  it("is null for an empty body (a track that wants a PO token) or anything else", () => {
    expect(parseCaptionBody("")).toBeNull();
    expect(parseCaptionBody("  \n")).toBeNull();
    expect(parseCaptionBody("<html><body>Sorry</body></html>")).toBeNull();
  });
});

describe("mergeCaptionPieces", () => {
  const piece = (start: number, end: number, text: string) => ({ start, end, text });

  it("ends a segment at sentence punctuation, at a pause over 1.5 s, and at 15 s", () => {
    const segments = mergeCaptionPieces([
      piece(0, 2, "one two"),
      piece(2, 4, "three."),
      piece(4, 6, "four"),
      piece(8, 9, "after a pause"),
      ...Array.from({ length: 10 }, (_, index) => piece(10 + index * 2, 12 + index * 2, `w${index}`)),
    ]);
    expect(segments.map((segment) => segment.text)).toEqual(["one two three.", "four", "after a pause w0 w1 w2 w3 w4 w5", "w6 w7 w8 w9"]);
    expect(segments[2]).toMatchObject({ start: 8, end: 22 });
  });

  it("ends a segment before 200 characters", () => {
    const long = "x".repeat(120);
    expect(mergeCaptionPieces([piece(0, 1, long), piece(1, 2, long)])).toHaveLength(2);
  });

  it("sorts pieces and keeps a piece's end when the next one starts at the same time", () => {
    expect(mergeCaptionPieces([piece(5, 6, "b."), piece(1, 3, "a."), piece(5, 7, "c.")])).toEqual([
      { start: 1, end: 3, text: "a." },
      { start: 5, end: 6, text: "b." },
      { start: 5, end: 7, text: "c." },
    ]);
  });
});

describe("decodeEntities", () => {
  it("decodes named, decimal and hex references and leaves unknown ones", () => {
    expect(decodeEntities("&lt;a&gt; &amp; &quot;b&quot; &apos;c&#39; &#x263A; &#233;t&eacute;&nbsp;!")).toBe(
      "<a> & \"b\" 'c' ☺ ét&eacute; !",
    );
  });
});
