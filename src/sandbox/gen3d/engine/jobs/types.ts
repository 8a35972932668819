import type { ResizeAsk } from '../mesh/resize';
import type { JobLimits } from './limits';

/**
 * Work the sandbox hands its worker thread: each job reads its inputs from files, writes its outputs
 * into `dir`, and answers with the files' names by key and what the task record reports.
 */
export type Job =
  | { kind: 'text3d'; stage: 'preview' | 'refine'; prompt: string; poseMode: '' | 'a-pose' | 't-pose'; enablePbr: boolean; hdTexture: boolean; formats: string[] }
  | { kind: 'image3d'; images: string[]; texture: boolean; pbr: boolean; formats: string[]; views?: boolean }
  | { kind: 'retexture'; model: string; styleImage: string | null; styleText: string | null; pbr: boolean; formats: string[] }
  | { kind: 'remesh'; model: string; topology: 'quad' | 'triangle'; target: number | null; formats: string[]; resize: ResizeAsk | null }
  | { kind: 'convert'; model: string; formats: string[] }
  | { kind: 'resize'; model: string; ask: ResizeAsk }
  | { kind: 'uv'; model: string }
  | { kind: 'rig'; model: string; height: number }
  | { kind: 'animate'; rig: string; actionId: number }
  | { kind: 'pictures'; prompt: string; multiView: boolean; pose?: 'a-pose' | 't-pose' | undefined; aspect?: string | undefined; references: string[] }
  | { kind: 'analyze'; model: string }
  | { kind: 'repair'; model: string }
  | { kind: 'multicolor'; model: string; maxColors: number }
  | { kind: 'prototype'; product: string; image: string | null; text: string | null; removeBackground: boolean }
  | { kind: 'build'; product: string; subject: string }
  | { kind: 'library'; actionId: number }
  | { kind: 'motion'; prompt: string; duration: number }
  | { kind: 'inspect'; model: string };

/** What a finished job reports into the task record. */
export type JobMeta = {
  face_count?: number;
  vertex_count?: number;
  /** A standing biped (rigging refuses anything else with 422). */
  humanoid?: boolean;
  printability?: unknown;
  /** Extra facts a test or the console can check (size in metres, clip names, colours). */
  facts?: Record<string, unknown>;
};

export type JobResult = { files: Record<string, string>; meta: JobMeta };
export type JobRequest = { id: number; job: Job; dir: string; limits: JobLimits };
/** `limit`: the job met one of its limits (its error is the task's message as it is). */
export type JobAnswer = { id: number; ok: true; result: JobResult } | { id: number; ok: false; error: string; limit: boolean };
/** What the worker thread posts: once `ready` when its modules are loaded, then one answer per job. */
export type WorkerMessage = { ready: true } | JobAnswer;
