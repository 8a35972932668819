import { Timer } from 'three';

/**
 * `THREE.Clock`'s interface on `THREE.Timer`, for React Three Fiber. r3f 9 builds its frame clock
 * with `new THREE.Clock()`, deprecated since three r183 (it warns on construction); the build gives
 * r3f this class as `Clock` instead (three-for-r3f.ts, vite.config.ts), so the viewer runs on the
 * replacement three recommends and nothing is deprecated. Timer also skips the time a hidden tab
 * spent asleep, so the first frame after it is not one huge step.
 */
export class TimerClock {
  readonly timer = new Timer();
  autoStart: boolean;
  startTime = 0;
  oldTime = 0;
  elapsedTime = 0;
  running = false;

  constructor(autoStart = true) {
    this.autoStart = autoStart;
    if (typeof document !== 'undefined') this.timer.connect(document);
  }

  start() {
    this.timer.reset();
    this.startTime = performance.now();
    this.oldTime = this.startTime;
    this.elapsedTime = 0;
    this.running = true;
  }

  stop() {
    this.getElapsedTime();
    this.running = false;
    this.autoStart = false;
  }

  getElapsedTime() {
    this.getDelta();
    return this.elapsedTime;
  }

  getDelta() {
    if (this.autoStart && !this.running) {
      this.start();
      return 0;
    }
    if (!this.running) return 0;
    this.timer.update();
    const delta = this.timer.getDelta();
    this.oldTime = performance.now();
    this.elapsedTime += delta;
    return delta;
  }
}
