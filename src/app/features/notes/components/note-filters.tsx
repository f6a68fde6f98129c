import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFolders } from "~/app/features/folders/folders-store";
import { SelectInput } from "~/app/ui/select-input";
import { TextInput } from "~/app/ui/text-input";
import { noteTypes } from "~/shared/notes/statuses";
import { hasActiveFilters, type ListFilters, noFilters } from "../list-filters";
import { NoteSearchBox } from "./note-search-box";
import { NoteTypeIcon } from "./note-type-icon";

const fieldLayout = "w-full min-w-0 px-2 py-1.5";

/**
 * The notes list's search box and filters: type chips (any number), folder (unless the page is one folder)
 * and a date range. Every change goes to `onChange` as a whole new filter set. A folder page leaves its
 * folder out of `filters` and adds it to the list's own.
 */
export function NoteFilters({
  filters,
  onChange,
  hasFolderFilter = true,
}: {
  filters: ListFilters;
  onChange(next: ListFilters): void;
  hasFolderFilter?: boolean;
}) {
  const { t } = useTranslation("notes");
  const id = useId();
  const folders = useFolders();
  const set = (patch: Partial<ListFilters>) => onChange({ ...filters, ...patch });

  return (
    <section aria-label={t("list.filters.label")} className="space-y-3">
      <NoteSearchBox value={filters.q} onSearch={(q) => set({ q })} />
      <fieldset className="min-w-0">
        <legend className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-400">{t("list.filters.types")}</legend>
        <div className="flex flex-wrap gap-2">
          {noteTypes.map((type) => {
            const isOn = filters.types.includes(type);
            return (
              <button
                key={type}
                type="button"
                aria-pressed={isOn}
                onClick={() => set({ types: isOn ? filters.types.filter((known) => known !== type) : [...filters.types, type] })}
                className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium ${
                  isOn
                    ? "border-indigo-600 bg-indigo-600 text-white"
                    : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
                }`}
              >
                <NoteTypeIcon type={type} className="h-4 w-4" isDecorative />
                {t(`note.types.${type}`)}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
        {hasFolderFilter ? (
          <div className="col-span-2 space-y-1 sm:w-56">
            <label htmlFor={`${id}-folder`} className="block text-xs font-medium text-slate-600 dark:text-slate-400">
              {t("list.filters.folder")}
            </label>
            <SelectInput
              id={`${id}-folder`}
              value={filters.folderId ?? ""}
              onChange={(event) => set({ folderId: event.target.value || null })}
              className={fieldLayout}
            >
              <option value="">{t("list.filters.allFolders")}</option>
              <option value="none">{t("list.filters.noFolder")}</option>
              {/* A folder from the address that is not (yet) among the user's: keep it selected. */}
              {filters.folderId && filters.folderId !== "none" && !folders.items.some((folder) => folder.id === filters.folderId) ? (
                <option value={filters.folderId}>…</option>
              ) : null}
              {folders.items.map((folder) => (
                <option key={folder.id} value={folder.id}>
                  {folder.name}
                </option>
              ))}
            </SelectInput>
          </div>
        ) : null}
        <div className="min-w-0 space-y-1 sm:w-40">
          <label htmlFor={`${id}-from`} className="block text-xs font-medium text-slate-600 dark:text-slate-400">
            {t("list.filters.from")}
          </label>
          <TextInput
            id={`${id}-from`}
            type="date"
            value={filters.from ?? ""}
            max={filters.to ?? undefined}
            onChange={(event) => set({ from: event.target.value || null })}
            className={fieldLayout}
          />
        </div>
        <div className="min-w-0 space-y-1 sm:w-40">
          <label htmlFor={`${id}-to`} className="block text-xs font-medium text-slate-600 dark:text-slate-400">
            {t("list.filters.to")}
          </label>
          <TextInput
            id={`${id}-to`}
            type="date"
            value={filters.to ?? ""}
            min={filters.from ?? undefined}
            onChange={(event) => set({ to: event.target.value || null })}
            className={fieldLayout}
          />
        </div>
        {hasActiveFilters(filters) ? (
          <button type="button" className="btn-secondary col-span-2 px-3 py-1.5 sm:col-span-1" onClick={() => onChange(noFilters)}>
            {t("list.filters.clear")}
          </button>
        ) : null}
      </div>
    </section>
  );
}
