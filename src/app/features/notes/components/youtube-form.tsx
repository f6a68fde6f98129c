import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formProblem } from "~/app/features/shell/error-message";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";
import { TextInput } from "~/app/ui/text-input";
import { parseYoutubeUrl } from "~/shared/notes/youtube-url";
import { createYoutubeNote } from "../queries";
import { ActionCardHeader } from "./action-card-header";

/** A YouTube link becomes a note (type youtube): captions when the video has them, else its audio. */
export function YoutubeForm() {
  const { t } = useTranslation("notes");
  const id = useId();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const [url, setUrl] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!parseYoutubeUrl(url.trim())) {
      setProblem(t("youtube.errors.invalid"));
      return;
    }
    setProblem(null);
    setPending(true);
    try {
      const note = await createYoutubeNote({ url: url.trim() });
      navigate(to(`/note/${note.id}`));
    } catch (error) {
      setPending(false);
      setProblem(formProblem(error, t("youtube.errors.failed")));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="card space-y-4" aria-labelledby={`${id}-title`}>
      <ActionCardHeader id={`${id}-title`} title={t("youtube.title")} description={t("youtube.description")} />
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <div className="space-y-1">
        <label htmlFor={`${id}-url`} className="block text-sm font-medium">
          {t("youtube.urlLabel")}
        </label>
        <TextInput
          id={`${id}-url`}
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://www.youtube.com/watch?v=…"
          onChange={(event) => setUrl(event.target.value)}
          className="w-full px-3 py-2"
        />
      </div>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isPending}>
        {isPending ? t("youtube.submitting") : t("youtube.submit")}
      </button>
    </form>
  );
}
