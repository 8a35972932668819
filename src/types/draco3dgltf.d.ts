/** draco3dgltf ships no types; its two factories are draco3d's (the glTF subset of Draco). */
declare module 'draco3dgltf' {
  const draco3d: {
    createDecoderModule(options?: Record<string, unknown>): Promise<unknown>;
    createEncoderModule(options?: Record<string, unknown>): Promise<unknown>;
  };
  export default draco3d;
}
