import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { authErrorKey } from "./auth-errors";
import { fieldErrors } from "./auth-schemas";

type Values = Record<string, string>;

/**
 * The plumbing every auth form shares: values, per-field errors from its zod schema (auth.json
 * `errors.` keys), a form-level problem and a pending flag. `submit(action)` validates, runs the action
 * and turns a thrown answer into a translated problem; `onError` may handle an error itself (return true).
 */
export function useAuthForm<V extends Values, S extends z.ZodType<unknown, V>>(schema: S, initial: V) {
  const { t } = useTranslation("auth");
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const field = (name: keyof V & string) => ({
    name,
    value: values[name] ?? "",
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name] ? t(`errors.${errors[name]}`) : null,
  });

  const submit =
    (action: (data: z.output<S>) => Promise<void>, onError?: (error: unknown) => boolean) => async (event: React.FormEvent) => {
      event.preventDefault();
      setPending(true);
      let parsed: z.ZodSafeParseResult<z.output<S>>;
      try {
        // Async: a new password is checked against the common-password list, loaded on demand.
        parsed = await schema.safeParseAsync(values);
      } catch {
        // The list's script could not be loaded.
        setProblem(t("errors.network"));
        setPending(false);
        return;
      }
      if (!parsed.success) {
        setErrors(fieldErrors(parsed.error));
        setPending(false);
        return;
      }
      setErrors({});
      setProblem(null);
      try {
        await action(parsed.data);
      } catch (error) {
        if (onError?.(error)) return;
        setProblem(t(`errors.${authErrorKey(error)}`));
      }
      setPending(false);
    };

  return { values, field, problem, isPending, submit };
}
