import type { Deliver } from '../../../node-lib/deliver';
import type { Draws } from '../engine/draws';
import type { Extractions } from '../engine/extract/extractions';
import type { DeliveryWorker } from '../engine/hooks/deliveries';
import type { MonitorEngine } from '../engine/hooks/monitors';
import type { Writes } from '../engine/writes';
import type { CreditStore } from './credits';
import type { MonitorStore } from './monitors';
import type { SocialData } from './state';
import type { WebhookStore } from './webhooks';

/** What the social sandbox's handlers work with: the universe, the stores and the engines. */
export type SocialServices = {
  data: () => SocialData;
  now: () => number;
  speed: number;
  credits: CreditStore;
  extractions: Extractions;
  draws: Draws;
  monitors: MonitorStore;
  monitorEngine: MonitorEngine;
  webhooks: WebhookStore;
  worker: DeliveryWorker;
  /** How deliveries leave; its `check` says which destinations it refuses. */
  deliver: Deliver;
  writes: Writes;
};
