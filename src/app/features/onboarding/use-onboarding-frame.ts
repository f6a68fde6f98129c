import { useEffect, useRef } from "react";
import { useOutletContext } from "react-router";
import type { OnboardingFrameProps } from "~/app/ui/onboarding-frame";

/** The parts of the generic-onboarding frame a page decides: progress, skip and close. */
export type FrameOptions = Pick<OnboardingFrameProps, "steps" | "skip" | "close">;
export type SetFrameOptions = (options: FrameOptions | null) => void;

/**
 * Lets a page of the generic-onboarding layout set the frame around it (the layout passes its setter as
 * outlet context). The frame is updated when the visible parts change, and the latest click handlers are
 * always the ones called, so a re-render of the page does not loop through the layout.
 */
export function useOnboardingFrame(options: FrameOptions): void {
  const setFrame = useOutletContext<SetFrameOptions | undefined>();
  const latest = useRef(options);
  latest.current = options;
  // Functions drop out of JSON, so this changes only with labels, hrefs, styles and step numbers.
  const signature = JSON.stringify([options, Boolean(options.skip?.onClick), Boolean(options.close?.onClick)]);

  useEffect(() => {
    if (!setFrame) return;
    void signature;
    const { steps, skip, close } = latest.current;
    setFrame({
      steps,
      skip: skip?.onClick ? { label: skip.label, style: skip.style, onClick: () => latest.current.skip?.onClick?.() } : skip,
      close: close?.onClick ? { label: close.label, onClick: () => latest.current.close?.onClick?.() } : close,
    });
  }, [setFrame, signature]);

  useEffect(() => () => setFrame?.(null), [setFrame]);
}
