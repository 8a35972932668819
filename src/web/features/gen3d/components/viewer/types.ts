/** Figures about the loaded model, shown in the stats panel and exposed to e2e tests. */
export type ViewerStats = {
  triangles: number;
  vertices: number;
  meshes: number;
  materials: number;
  textures: number;
  /** Bytes of the GLB as received. */
  fileSize: number | null;
  /** Draw calls the model needs (one per mesh, one per material group of multi-material meshes). */
  drawCalls: number;
  /** Bounding-box size in model units: x, y, z. */
  size: [number, number, number];
};

/** The material map slots the channel view can show. */
export const channelSlots = ['map', 'normalMap', 'roughnessMap', 'metalnessMap'] as const;
export type ChannelSlot = (typeof channelSlots)[number];
/** 'lit' is the normal shaded view. */
export type ChannelView = 'lit' | ChannelSlot;

/** `total` is null when the size is unknown; `parsing` once the download is complete. */
export type LoadProgress = { loaded: number; total: number | null; parsing?: boolean };

export type ViewerStatus = 'loading' | 'ready' | 'error';
