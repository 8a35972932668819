// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AnimationClip, AnimationMixer, Object3D, VectorKeyframeTrack } from 'three';
import { AnimationController, formatClipTime, snapToFrame } from './animation';

describe('the clip timeline', () => {
  it('snaps a dragged time to the 30 fps frame grid, inside the clip', () => {
    expect(snapToFrame(0.51, 2)).toBeCloseTo(15 / 30);
    expect(snapToFrame(-1, 2)).toBe(0);
    expect(snapToFrame(5, 2)).toBe(2);
    expect(snapToFrame(1, 0)).toBe(0);
  });

  it('reads as minutes, seconds and frames', () => {
    expect(formatClipTime(0)).toBe('0:00.00');
    expect(formatClipTime(1.5)).toBe('0:01.15');
    expect(formatClipTime(61 + 29 / 30)).toBe('1:01.29');
  });
});

describe('the clip controls over a mixer (as drei’s useAnimations keeps it)', () => {
  /** A 2 s clip moving a box from x = 0 to x = 2, played the way the scene plays it: pace, mixer update, tick. */
  function rig() {
    const box = new Object3D();
    const clip = new AnimationClip('Slide', 2, [new VectorKeyframeTrack('.position', [0, 2], [0, 0, 0, 2, 0, 0])]);
    const mixer = new AnimationMixer(box);
    const controller = new AnimationController(box, [clip]);
    controller.bind({ mixer, actions: { Slide: mixer.clipAction(clip) } }, () => {});
    const frame = (delta: number) => {
      controller.pace(delta);
      mixer.update(delta);
      return controller.tick();
    };
    return { box, controller, frame };
  }

  it('starts playing and moves the model as frames pass', () => {
    const { box, controller, frame } = rig();
    expect(controller.getState().playing).toBe(true);
    expect(frame(0.05)).toBe(true);
    expect(box.position.x).toBeCloseTo(0.05);
  });

  it('does not leap after an idle gap, and runs at the chosen speed', () => {
    const { box, controller, frame } = rig();
    frame(5); // the first frame after the tab slept
    expect(box.position.x).toBeCloseTo(0.1);
    controller.setSpeed(2);
    frame(0.05);
    expect(box.position.x).toBeCloseTo(0.2);
  });

  it('stays still while paused, and a seek while paused shows that pose at once', () => {
    const { box, controller, frame } = rig();
    controller.setPlaying(false);
    expect(frame(0.05)).toBe(false);
    expect(box.position.x).toBe(0);
    controller.seek(1.5);
    expect(box.position.x).toBeCloseTo(1.5);
    frame(0.05);
    expect(box.position.x).toBeCloseTo(1.5);
  });

  it('a one-shot clip stops at its end', () => {
    const { controller, frame } = rig();
    controller.setLoop(false);
    for (let i = 0; i < 25; i++) frame(0.1);
    expect(controller.getState()).toMatchObject({ playing: false, time: 2 });
  });
});
