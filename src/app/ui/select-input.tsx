import type { ComponentProps } from "react";
import { fieldClassName } from "./field-class-name";

/** A <select> with the form field look (TextInput's); `className` adds layout, every other prop (options too) passes through. */
export function SelectInput({ className, ...props }: ComponentProps<"select">) {
  return <select {...props} className={fieldClassName(className)} />;
}
