import { useTranslation } from "react-i18next";
import { type Player, playbackRates } from "../note-page/use-player";

/**
 * The note's audio or video with the browser's own controls (keyboard accessible as they are) and a
 * playback speed choice. `preload="metadata"` fetches only the head of the file; seeking uses Range.
 */
export function MediaPlayer({ src, kind, player }: { src: string; kind: "audio" | "video"; player: Player }) {
  const { t } = useTranslation("notes");
  return (
    <div className="space-y-2" data-testid="media-player">
      {kind === "video" ? (
        // biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is the caption track.
        <video
          ref={player.attach}
          src={src}
          controls
          preload="metadata"
          className="aspect-video w-full rounded-lg bg-black"
          aria-label={t("page.player.label")}
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: the transcript below the player is the caption track.
        <audio ref={player.attach} src={src} controls preload="metadata" className="w-full" aria-label={t("page.player.label")} />
      )}
      <label className="inline-flex items-center gap-2 text-sm">
        <span>{t("page.player.speed")}</span>
        <select
          value={player.rate}
          onChange={(event) => player.setRate(Number(event.target.value))}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
        >
          {playbackRates.map((rate) => (
            <option key={rate} value={rate}>
              {t("page.player.rate", { rate })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
