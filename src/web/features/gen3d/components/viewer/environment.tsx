import { useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { Color, DirectionalLight, GridHelper, PMREMGenerator, Vector3, type Box3 } from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import type { SceneColors } from './theme';

/**
 * Image-based lighting made on the device: three's RoomEnvironment prefiltered through
 * PMREMGenerator becomes `scene.environment` (nothing is fetched), plus a key light for shape.
 */
export function Lighting() {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);

  useEffect(() => {
    const pmrem = new PMREMGenerator(gl);
    const room = new RoomEnvironment();
    const target = pmrem.fromScene(room, 0.04);
    room.dispose();
    pmrem.dispose();
    scene.environment = target.texture;
    // The white room plus the key light would light past 1 and wash base colours out.
    scene.environmentIntensity = 0.75;
    invalidate();
    return () => {
      if (scene.environment === target.texture) scene.environment = null;
      target.dispose();
    };
  }, [gl, scene, invalidate]);

  const key = useMemo(() => {
    const light = new DirectionalLight(0xffffff, 0.9);
    light.position.set(3, 5, 4); // aims at the origin: only the direction matters
    return light;
  }, []);
  return <primitive object={key} />;
}

/** Theme background colour. */
export function Background({ color }: { color: string }) {
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    scene.background = new Color(color);
    invalidate();
    return () => {
      scene.background = null;
    };
  }, [scene, color, invalidate]);
  return null;
}

/** A faint grid under the model, sized to it, in the theme's border colours. */
export function Ground({ box, colors }: { box: Box3; colors: SceneColors }) {
  const grid = useMemo(() => {
    const size = box.isEmpty() ? new Vector3(1, 1, 1) : box.getSize(new Vector3());
    const extent = niceSize(Math.max(size.x, size.z, size.y * 0.5) * 3);
    const helper = new GridHelper(extent, 20, new Color(colors.gridCenter), new Color(colors.grid));
    const center = box.isEmpty() ? new Vector3() : box.getCenter(new Vector3());
    // A hair below the model so its base does not flicker against the lines.
    helper.position.set(center.x, (box.isEmpty() ? 0 : box.min.y) - extent * 1e-4, center.z);
    helper.material.transparent = true;
    helper.material.opacity = 0.55;
    helper.material.depthWrite = false;
    return helper;
  }, [box, colors.grid, colors.gridCenter]);

  useEffect(
    () => () => {
      grid.geometry.dispose();
      grid.material.dispose();
    },
    [grid],
  );
  return <primitive object={grid} />;
}

/** Rounds up to 1, 2 or 5 × a power of ten so grid cells have tidy sizes. */
function niceSize(n: number): number {
  if (!(n > 0) || !Number.isFinite(n)) return 10;
  const p = 10 ** Math.floor(Math.log10(n));
  const step = [1, 2, 5, 10].find((s) => s * p >= n) ?? 10;
  return step * p;
}
