export * from './requests';
export * from './records';
// Not re-exported by records.ts: the first page reads task records, not these per-type outputs.
export * from './records-output';
export * from './routes';
export * from './operations';
export * from './outputs';
export * from './prices';
