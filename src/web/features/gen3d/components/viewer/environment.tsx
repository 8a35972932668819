import { Grid } from '@react-three/drei/core/Grid';
import { addAfterEffect, extend, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Color, DirectionalLight, HemisphereLight, Mesh, PlaneGeometry, PMREMGenerator, Vector3, type Box3 } from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import type { SceneColors } from './theme';

/**
 * Image-based lighting made on the device: three's RoomEnvironment prefiltered through
 * PMREMGenerator becomes `scene.environment` (nothing is fetched), plus a key light for shape.
 * The prefilter (about a quarter of a second in software WebGL) and the model's shaders with the
 * room in them are made only once a frame of the model is on screen (`model` true): until then a
 * sky/ground light stands in for the room. The room's shaders compile off the main thread where
 * the browser can, with `children` (parts that can wait, the grid), and `onSettled` is told when
 * the room is shown.
 */
export function Lighting({ model, onSettled, children }: { model: boolean; onSettled?: () => void; children?: ReactNode }) {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera);
  const invalidate = useThree((s) => s.invalidate);
  const [stand] = useState(() => new HemisphereLight(0xffffff, 0x8a8a8a, 0.75 * Math.PI));
  const [target, setTarget] = useState<ReturnType<PMREMGenerator['fromScene']> | null>(null);
  const [settled, setSettled] = useState(false);

  // The stand-in light, until the room is shown.
  useEffect(() => {
    if (target) return;
    scene.add(stand);
    invalidate();
    return () => {
      scene.remove(stand);
    };
  }, [scene, stand, target, invalidate]);
  useEffect(() => () => stand.dispose(), [stand]);

  // The room, prefiltered once the first frame of the model (any viewer's) is on screen and the
  // page has had two more frames (the page stays responsive), when the main thread is idle.
  useEffect(() => {
    if (!model || target) return;
    let frame = 0;
    let idle = 0;
    let live = true;
    const build = () => {
      if (!live) return;
      const pmrem = new PMREMGenerator(gl);
      const room = new RoomEnvironment();
      const made = pmrem.fromScene(room, 0.04);
      room.dispose();
      pmrem.dispose();
      setTarget(made);
    };
    const stop = addAfterEffect(() => {
      stop();
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(build, { timeout: 500 }) : window.setTimeout(build, 0);
        });
      });
    });
    invalidate();
    return () => {
      live = false;
      stop();
      cancelAnimationFrame(frame);
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [model, target, gl, invalidate]);
  useEffect(() => () => target?.dispose(), [target]);

  // Shown once the shaders that use it are ready: the model stays movable meanwhile.
  useEffect(() => {
    if (!target) return;
    let live = true;
    scene.environment = target.texture;
    // The white room plus the key light would light past 1 and wash base colours out.
    scene.environmentIntensity = 0.75;
    void gl
      .compileAsync(scene, camera)
      .catch(() => {})
      .then(() => {
        if (!live) return;
        setSettled(true);
        invalidate();
      });
    return () => {
      live = false;
      if (scene.environment === target.texture) scene.environment = null;
    };
  }, [target, gl, scene, camera, invalidate]);
  // Told again for each model shown once the room is there.
  useEffect(() => {
    if (settled && model) onSettled?.();
  }, [settled, model, onSettled]);

  const key = useMemo(() => {
    const light = new DirectionalLight(0xffffff, 0.9);
    light.position.set(3, 5, 4); // aims at the origin: only the direction matters
    return light;
  }, []);
  return (
    <>
      <primitive object={key} />
      {target ? children : null}
    </>
  );
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

// drei's Grid is a <mesh> with a <planeGeometry>: the only three classes the viewer's JSX names
// (canvas-host.tsx registers no catalogue of its own).
extend({ Mesh, PlaneGeometry });

/**
 * drei's shader grid under the model, in the theme's colours: cells a twentieth of a tidy size
 * round the model, a section line every five, fading out with distance so it has no hard edge.
 */
export function Ground({ box, colors }: { box: Box3; colors: SceneColors }) {
  const { extent, position } = useMemo(() => {
    const size = box.isEmpty() ? new Vector3(1, 1, 1) : box.getSize(new Vector3());
    const extent = niceSize(Math.max(size.x, size.z, size.y * 0.5) * 3);
    const center = box.isEmpty() ? new Vector3() : box.getCenter(new Vector3());
    // A hair below the model so its base does not flicker against the lines.
    return { extent, position: [center.x, (box.isEmpty() ? 0 : box.min.y) - extent * 1e-4, center.z] as [number, number, number] };
  }, [box]);
  return (
    <Grid
      position={position}
      args={[extent, extent]}
      cellSize={extent / 20}
      sectionSize={extent / 4}
      cellThickness={0.8}
      sectionThickness={1.2}
      cellColor={colors.grid}
      sectionColor={colors.gridCenter}
      fadeDistance={extent * 1.2}
      fadeStrength={1.5}
      infiniteGrid
    />
  );
}

/** Rounds up to 1, 2 or 5 × a power of ten so grid cells have tidy sizes. */
function niceSize(n: number): number {
  if (!(n > 0) || !Number.isFinite(n)) return 10;
  const p = 10 ** Math.floor(Math.log10(n));
  const step = [1, 2, 5, 10].find((s) => s * p >= n) ?? 10;
  return step * p;
}
