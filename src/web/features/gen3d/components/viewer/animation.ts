import { LoopOnce, LoopRepeat, type AnimationAction, type AnimationClip, type AnimationMixer, type Object3D } from 'three';

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

/** What drei's `useAnimations` gives the scene: the mixer, and an action per clip name. */
export type ClipPlayer = { mixer: AnimationMixer; actions: Record<string, AnimationAction | null> };

/**
 * The clip controls' state over the mixer drei's `useAnimations` keeps in the scene (Animator,
 * scene-extras.tsx): one clip at a time, play/pause, speed, loop and seeking (the timeline). The
 * panel may change the state before the scene is there; `bind` applies it then. drei advances the
 * mixer each frame; `pace` sets how far (the speed, nothing while paused, at most a tenth of a
 * second after an idle gap), and `tick` reads where the clip got to.
 */
export class AnimationController {
  readonly clips: AnimationClip[];
  readonly root: Object3D;
  private player: ClipPlayer | null = null;
  private action: AnimationAction | null = null;
  private started = false;
  private state: AnimationState;
  private readonly listeners = new Set<() => void>();
  private invalidate: () => void = () => {};

  constructor(root: Object3D, clips: AnimationClip[]) {
    this.root = root;
    this.clips = clips;
    this.state = { clip: 0, playing: false, loop: true, speed: 1, time: 0, duration: clips[0]?.duration ?? 0 };
  }

  /** The scene's player and render request; the first clip starts playing the first time. Returns the unbind. */
  bind(player: ClipPlayer, invalidate: () => void): () => void {
    this.player = player;
    this.invalidate = invalidate;
    const time = this.state.time;
    this.select(this.state.clip, this.started ? this.state.playing : true);
    this.started = true;
    if (time > 0) this.seek(time);
    return () => {
      player.mixer.stopAllAction();
      if (this.player === player) this.player = null;
      this.action = null;
      this.invalidate = () => {};
    };
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

  /** Poses the model at `time` of the current action now, whatever the pace. */
  private poseAt(time: number): void {
    const mixer = this.player?.mixer;
    if (!mixer) return;
    const scale = mixer.timeScale;
    mixer.timeScale = 1;
    mixer.setTime(time);
    mixer.timeScale = scale;
  }

  select(index: number, play = this.state.playing): void {
    const clip = this.clips[index];
    if (!clip) return;
    this.action?.stop();
    const action = this.player?.actions[clip.name] ?? null;
    if (action) {
      action.reset();
      action.clampWhenFinished = true;
      action.setLoop(this.state.loop ? LoopRepeat : LoopOnce, Infinity);
      action.play();
    }
    this.action = action;
    this.poseAt(0);
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
    this.poseAt(t);
    this.set({ time: t });
  }

  /** Before drei advances the mixer by `delta`: the speed while playing, nothing while paused, no long leap after idling. */
  pace(delta: number): void {
    const mixer = this.player?.mixer;
    if (!mixer) return;
    mixer.timeScale = this.state.playing && this.action && delta > 0 ? (this.state.speed * Math.min(delta, 0.1)) / delta : 0;
  }

  /** After drei advanced the mixer: where the clip is; true while more frames are needed. */
  tick(): boolean {
    if (!this.state.playing || !this.action) return false;
    const duration = this.state.duration;
    const raw = this.action.time;
    const ended = !this.state.loop && raw >= duration - 1e-4;
    this.set({ time: Math.min(raw, duration), playing: !ended });
    return !ended;
  }
}
