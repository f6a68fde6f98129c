import { describe, expect, it } from "vitest";
import { oauthReturnMessage } from "./use-oauth-return";

describe("the message after an OAuth round trip", () => {
  it("says a calendar or Zoom was connected", () => {
    expect(oauthReturnMessage(new URLSearchParams("calendar=connected"))).toEqual({
      key: "calendar:returned.calendarConnected",
      type: "success",
    });
    expect(oauthReturnMessage(new URLSearchParams("zoom=connected"))?.key).toBe("calendar:returned.zoomConnected");
  });

  it("names a known error and reads an unknown one as the generic one", () => {
    expect(oauthReturnMessage(new URLSearchParams("calendarError=access_denied"))).toEqual({
      key: "calendar:returned.error.access_denied",
      type: "error",
    });
    expect(oauthReturnMessage(new URLSearchParams("zoomError=<script>"))?.key).toBe("calendar:returned.error.generic");
  });

  it("says nothing without a return", () => {
    expect(oauthReturnMessage(new URLSearchParams("tab=1"))).toBeNull();
  });
});
