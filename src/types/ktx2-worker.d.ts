/** The build's file of three's KTX2 transcoder worker, null in the dev server (scripts/ktx2-worker.ts). */
declare module 'virtual:ktx2-worker' {
  const url: string | null;
  export default url;
}
