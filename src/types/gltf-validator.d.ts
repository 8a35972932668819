/** Types for the Khronos glTF validator's npm build (it ships none). */
declare module 'gltf-validator' {
  export type ValidatorMessage = { code: string; message: string; severity: number; pointer?: string };
  export type ValidatorReport = {
    issues: { numErrors: number; numWarnings: number; numInfos: number; messages: ValidatorMessage[] };
    info?: { materialCount?: number; drawCallCount?: number; totalTriangleCount?: number; hasTextures?: boolean };
  };
  export function validateBytes(data: Uint8Array, options?: { maxIssues?: number; uri?: string }): Promise<ValidatorReport>;
  const validator: { validateBytes: typeof validateBytes };
  export default validator;
}
