import { describe, expect, it } from "vitest";
import { parseYoutubeUrl } from "./youtube-url";

describe("YouTube links", () => {
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
    "http://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
    "https://music.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ?si=abc",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
    "https://www.youtube.com/live/dQw4w9WgXcQ",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    "  https://YOUTU.BE/dQw4w9WgXcQ  ",
    "youtube.com/watch?v=dQw4w9WgXcQ",
    "https://m.youtube.com/shorts/dQw4w9WgXcQ?feature=share",
    "https://www.youtube.com/v/dQw4w9WgXcQ",
    "https://youtube-nocookie.com/embed/dQw4w9WgXcQ",
    "https://www.youtube.com:443/watch?v=dQw4w9WgXcQ",
  ])("reads the video id of %s", (url) => {
    expect(parseYoutubeUrl(url)).toEqual({ videoId: "dQw4w9WgXcQ" });
  });

  it.each([
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://youtubee.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/dQw4w9WgXcQ",
    "https://evilyoutube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be.evil.example/dQw4w9WgXcQ",
    "https://www.youtube.com.@evil.example/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQx",
    "https://youtu.be/",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ%00",
    "youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/shorts/",
    "https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ!",
    "https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
    "ftp://youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/channel/UCxyz",
    "not a url",
  ])("refuses %s", (url) => {
    expect(parseYoutubeUrl(url)).toBeNull();
  });
});
