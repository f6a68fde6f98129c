import type { ComponentProps } from "react";
import { fieldClassName } from "./field-class-name";

/** A <textarea> with the form field look (TextInput's); `className` adds layout, every other prop passes through. */
export function TextArea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea {...props} className={fieldClassName(className)} />;
}
