export * from './requests';
export * from './records';
export * from './routes';
export * from './outputs';
export * from './prices';
