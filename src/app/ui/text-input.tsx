import type { ComponentProps } from "react";
import { fieldClassName } from "./field-class-name";

type TextInputProps = ComponentProps<"input"> & {
  /** A title being edited in place: large, semibold text instead of the form's small text. */
  isTitle?: boolean;
};

/**
 * An <input> with the form field look; every other prop (ref included) goes to the input as given.
 * `className` adds layout: width, margin, padding.
 */
export function TextInput({ className, isTitle = false, ...props }: TextInputProps) {
  return <input {...props} className={fieldClassName(className, isTitle ? "text-lg font-semibold" : undefined)} />;
}
