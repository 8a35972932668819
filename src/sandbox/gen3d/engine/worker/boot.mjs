// Worker threads run TypeScript through tsx's loader (the same in `tsx`, Vitest and `npm start`).
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
