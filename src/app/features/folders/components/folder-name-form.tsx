import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "~/app/features/shell/error-message";
import { FormMessage } from "~/app/ui/form-message";
import { TextInput } from "~/app/ui/text-input";

/**
 * One line to name a folder (create or rename). The rules (1-60 characters, unique in any case) are the
 * server's; its translated message shows under the field.
 */
export function FolderNameForm({
  label,
  submitText,
  pendingText,
  initialName = "",
  onSubmit,
  onCancel,
  cancelText,
}: {
  label: string;
  submitText: string;
  pendingText?: string;
  initialName?: string;
  onSubmit(name: string): Promise<unknown>;
  onCancel?(): void;
  cancelText?: string;
}) {
  const { t } = useTranslation("notes");
  const id = useId();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    setProblem(null);
    try {
      await onSubmit(name);
      setName(initialName);
    } catch (error) {
      setProblem(errorMessage(error, t("folders.failed")));
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-2">
      <label htmlFor={`${id}-name`} className="sr-only">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <TextInput
          id={`${id}-name`}
          value={name}
          placeholder={label}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setName(event.target.value)}
          className="min-w-0 flex-1 basis-40 px-3 py-1.5"
        />
        <button type="submit" className="btn-primary px-3 py-1.5" disabled={isPending}>
          {isPending && pendingText ? pendingText : submitText}
        </button>
        {onCancel ? (
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={onCancel}>
            {cancelText}
          </button>
        ) : null}
      </div>
      {problem ? (
        <div id={`${id}-problem`}>
          <FormMessage kind="error">{problem}</FormMessage>
        </div>
      ) : null}
    </form>
  );
}
