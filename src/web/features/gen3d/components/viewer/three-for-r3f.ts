/**
 * The `three` React Three Fiber sees (vite.config.ts points its imports of 'three' here): three
 * itself, with `Clock` backed by the non-deprecated `Timer` (see timer-clock.ts). An explicit
 * export wins over the same name from `export *`.
 */
export * from 'three';
export { TimerClock as Clock } from './timer-clock';
