import { AnimationMixer, LoopOnce, LoopRepeat, type AnimationAction, type AnimationClip, type Object3D } from 'three';

/** What the clip controls show; a new object whenever something changes (for useSyncExternalStore). */
export type AnimationState = {
  clip: number;
  playing: boolean;
  loop: boolean;
  speed: number;
  /** Seconds into the clip. */
  time: number;
  duration: number;
};

/** Frames per second the timeline steps by when scrubbed. */
export const TIMELINE_FPS = 30;

/** Snaps a time to the timeline's frame grid, within the clip. */
export function snapToFrame(time: number, duration: number, fps = TIMELINE_FPS): number {
  if (!(duration > 0)) return 0;
  const t = Math.round(Math.min(Math.max(time, 0), duration) * fps) / fps;
  return Math.min(t, duration);
}

/** m:ss.ff (frames), e.g. 0:01.12. */
export function formatClipTime(seconds: number, fps = TIMELINE_FPS): string {
  const whole = Math.floor(seconds + 1e-6);
  const frame = Math.min(fps - 1, Math.round((seconds - whole) * fps));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}.${String(frame).padStart(2, '0')}`;
}

/**
 * Plays a model's clips with one AnimationMixer: one clip at a time, play/pause, speed, loop and
 * seeking (the timeline). The scene calls `tick` each frame and keeps rendering while `playing`.
 */
export class AnimationController {
  readonly clips: AnimationClip[];
  private readonly mixer: AnimationMixer;
  private action: AnimationAction | null = null;
  private state: AnimationState;
  private readonly listeners = new Set<() => void>();
  private invalidate: () => void = () => {};

  constructor(root: Object3D, clips: AnimationClip[]) {
    this.clips = clips;
    this.mixer = new AnimationMixer(root);
    this.state = { clip: 0, playing: false, loop: true, speed: 1, time: 0, duration: clips[0]?.duration ?? 0 };
  }

  /** Starts the current clip (playing, the first time); called when the viewer mounts. */
  activate(): void {
    if (!this.action && this.clips.length > 0) this.select(this.state.clip, this.state.time === 0 ? true : this.state.playing);
  }

  /** Stops the clips (the viewer unmounts); `activate` starts them again. */
  deactivate(): void {
    this.mixer.stopAllAction();
    this.action = null;
  }

  /** The scene's render request, so controls changes draw a frame. */
  attach(invalidate: () => void): void {
    this.invalidate = invalidate;
    invalidate();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): AnimationState => this.state;

  private set(patch: Partial<AnimationState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
    this.invalidate();
  }

  select(index: number, play = this.state.playing): void {
    const clip = this.clips[index];
    if (!clip) return;
    this.action?.stop();
    const action = this.mixer.clipAction(clip);
    action.reset();
    action.clampWhenFinished = true;
    action.setLoop(this.state.loop ? LoopRepeat : LoopOnce, Infinity);
    action.play();
    this.action = action;
    this.mixer.setTime(0);
    this.set({ clip: index, duration: clip.duration, time: 0, playing: play });
  }

  setPlaying(playing: boolean): void {
    // Play from the start again once a one-shot clip has ended.
    if (playing && !this.state.loop && this.state.time >= this.state.duration - 1e-3) this.seek(0);
    this.set({ playing });
  }

  setSpeed(speed: number): void {
    this.set({ speed });
  }

  setLoop(loop: boolean): void {
    this.action?.setLoop(loop ? LoopRepeat : LoopOnce, Infinity);
    this.set({ loop });
  }

  /** Shows the pose at `time` seconds at once (the timeline drags through here, frame by frame). */
  seek(time: number): void {
    const t = snapToFrame(time, this.state.duration);
    if (this.action) {
      this.action.enabled = true;
      this.action.paused = false;
      // setTime replays from 0: a one-shot clip ended before must start over.
      this.action.reset();
      this.action.play();
    }
    this.mixer.setTime(t);
    this.set({ time: t });
  }

  /** Advances playing clips; returns true while more frames are needed. */
  tick(delta: number): boolean {
    if (!this.state.playing || !this.action) return false;
    this.mixer.update(delta * this.state.speed);
    const duration = this.state.duration;
    const raw = this.action.time;
    const ended = !this.state.loop && raw >= duration - 1e-4;
    this.set({ time: Math.min(raw, duration), playing: !ended });
    return !ended;
  }

}
