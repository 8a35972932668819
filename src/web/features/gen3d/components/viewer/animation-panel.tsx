import { useId, useSyncExternalStore } from 'react';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/field';
import { formatClipTime, TIMELINE_FPS, type AnimationController } from './animation';

const speeds = [0.25, 0.5, 1, 1.5, 2] as const;

/**
 * The model's clips: which one, play/pause, speed, loop, and a timeline that shows each frame as it
 * is dragged (arrow keys step one frame). The skeleton switch appears on rigged models.
 */
export function AnimationPanel({
  controller,
  skinned,
  skeleton,
  onSkeleton,
}: {
  controller: AnimationController | null;
  skinned: boolean;
  skeleton: boolean;
  onSkeleton: (on: boolean) => void;
}) {
  const timelineId = useId();
  const subscribe = controller?.subscribe ?? noSubscribe;
  const state = useSyncExternalStore(subscribe, controller?.getState ?? noState);
  const clips = controller?.clips ?? [];
  return (
    <section aria-label="Animation" className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        {clips.length > 0 && state ? (
          <>
            <label className="flex min-w-0 items-center gap-2 text-sm text-muted">
              Clip
              <Select className="w-44 max-w-full" value={state.clip} onChange={(e) => controller?.select(Number(e.target.value))}>
                {clips.map((clip, i) => (
                  <option key={clip.uuid} value={i}>
                    {clip.name || `Clip ${i + 1}`} ({clip.duration.toFixed(1)} s)
                  </option>
                ))}
              </Select>
            </label>
            <Button aria-pressed={state.playing} onClick={() => controller?.setPlaying(!state.playing)}>
              {state.playing ? 'Pause' : 'Play'}
            </Button>
            <label className="flex items-center gap-2 text-sm text-muted">
              Speed
              <Select className="w-20" value={state.speed} onChange={(e) => controller?.setSpeed(Number(e.target.value))}>
                {speeds.map((s) => (
                  <option key={s} value={s}>
                    {s}×
                  </option>
                ))}
              </Select>
            </label>
            <Button aria-pressed={state.loop} onClick={() => controller?.setLoop(!state.loop)}>
              Loop
            </Button>
          </>
        ) : (
          <p className="text-sm text-muted">This model has no animation clips.</p>
        )}
        {skinned ? (
          <Button aria-pressed={skeleton} onClick={() => onSkeleton(!skeleton)}>
            Skeleton
          </Button>
        ) : null}
      </div>
      {clips.length > 0 && state ? (
        <div className="flex items-center gap-3">
          <input
            id={timelineId}
            type="range"
            aria-label="Timeline"
            aria-valuetext={`${formatClipTime(state.time)} of ${formatClipTime(state.duration)}`}
            min={0}
            max={state.duration}
            step={1 / TIMELINE_FPS}
            value={state.time}
            onPointerDown={() => controller?.setPlaying(false)}
            onChange={(e) => controller?.seek(Number(e.target.value))}
            className="min-w-0 flex-1 accent-[var(--color-accent)]"
          />
          <output htmlFor={timelineId} className="shrink-0 font-mono text-xs text-muted tabular-nums">
            {formatClipTime(state.time)} / {formatClipTime(state.duration)}
          </output>
        </div>
      ) : null}
    </section>
  );
}

const noSubscribe = () => () => {};
const noState = () => null;
