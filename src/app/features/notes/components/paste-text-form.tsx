import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formProblem } from "~/app/features/shell/error-message";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";
import { TextArea } from "~/app/ui/text-area";
import { TextInput } from "~/app/ui/text-input";
import { createTextNote } from "../queries";
import { ActionCardHeader } from "./action-card-header";

// Same limits as the API (src/server/api/notes/notes-routes.ts), checked here first so nothing is sent in vain.
// Plain checks, not zod: this form is on /home and zod would ship with the dashboard (issue 22).
type PasteTextProblem = "titleTooLong" | "textRequired" | "textTooLong";

/** The first problem with the trimmed title and text, in field order; null when they can be sent. */
function pasteTextProblem(title: string, text: string): PasteTextProblem | null {
  if (title.length > 200) return "titleTooLong";
  if (text.length < 1) return "textRequired";
  if (text.length > 500_000) return "textTooLong";
  return null;
}

/** Pasted text becomes a note at once (type text); the page then opens it. */
export function PasteTextForm() {
  const { t } = useTranslation("notes");
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const id = useId();
  const [title, setTitle] = useState("");
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = { title: title.trim(), text: text.trim() };
    const invalid = pasteTextProblem(input.title, input.text);
    if (invalid) {
      setProblem(t(`home.pasteText.errors.${invalid}`));
      return;
    }
    setProblem(null);
    setPending(true);
    try {
      const note = await createTextNote({ text: input.text, ...(input.title ? { title: input.title } : {}) });
      navigate(to(`/note/${note.id}`));
    } catch (error) {
      setPending(false);
      setProblem(formProblem(error, t("home.pasteText.errors.failed")));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="card space-y-4" aria-labelledby={`${id}-title`}>
      <ActionCardHeader id={`${id}-title`} title={t("home.pasteText.title")} description={t("home.pasteText.description")} />
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <div className="space-y-1">
        <label htmlFor={`${id}-name`} className="block text-sm font-medium">
          {t("home.pasteText.titleLabel")}
        </label>
        <TextInput id={`${id}-name`} value={title} onChange={(event) => setTitle(event.target.value)} className="w-full px-3 py-2" />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-text`} className="block text-sm font-medium">
          {t("home.pasteText.textLabel")}
        </label>
        <TextArea id={`${id}-text`} value={text} rows={8} onChange={(event) => setText(event.target.value)} className="w-full px-3 py-2" />
      </div>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isPending}>
        {isPending ? t("home.pasteText.submitting") : t("home.pasteText.submit")}
      </button>
    </form>
  );
}
