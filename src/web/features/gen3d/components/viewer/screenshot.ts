import type { Camera, Scene, WebGLRenderer } from 'three';

/** Renders a fresh frame and encodes the canvas as PNG. */
export function captureFrame(gl: WebGLRenderer, scene: Scene, camera: Camera): Promise<Blob> {
  gl.render(scene, camera);
  return new Promise((resolve, reject) => {
    gl.domElement.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not be encoded as PNG'))),
      'image/png',
    );
  });
}

/** Saves `blob` as `fileName` through a temporary object URL, revoked once the download has started. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  try {
    a.click();
  } finally {
    a.remove();
    // Revoking synchronously can cancel the download in some browsers; a moment later is safe.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
