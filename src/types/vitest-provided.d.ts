/** What the test projects' global setups hand their tests (`inject`): the web-sandbox project's console (src/server/testing/web-sandbox.ts). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:<port>` of a console on the real sandbox. */
    bffOrigin: string;
  }
}
export {};
