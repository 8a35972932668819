export * from './records';
export * from './routes';
export * from './search-syntax';
