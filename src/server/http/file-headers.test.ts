import { describe, expect, it } from 'vitest';
import { mediaType, servedFile } from './file-headers';

describe('how a file a service made is served', () => {
  it('opens only the types outputs have; anything else downloads, under an extension that does not open as a page', () => {
    const cases: Array<[string | null, string, ReturnType<typeof servedFile>]> = [
      ['model/gltf-binary', 'glb', { type: 'model/gltf-binary', inline: true, ext: 'glb' }],
      ['image/PNG; charset=binary', 'png', { type: 'image/png', inline: true, ext: 'png' }],
      ['model/vnd.usdz+zip', 'usdz', { type: 'model/vnd.usdz+zip', inline: true, ext: 'usdz' }],
      // A generic type takes the type of its extension; FBX has none and downloads.
      ['application/octet-stream', 'glb', { type: 'model/gltf-binary', inline: true, ext: 'glb' }],
      [null, 'stl', { type: 'model/stl', inline: true, ext: 'stl' }],
      ['application/octet-stream', 'fbx', { type: 'application/octet-stream', inline: false, ext: 'fbx' }],
      // Text (a BVH clip) is plain text, whatever the service called it.
      ['text/html', 'bvh', { type: 'text/plain; charset=utf-8', inline: true, ext: 'bvh' }],
      ['text/plain', 'bin', { type: 'text/plain; charset=utf-8', inline: true, ext: 'txt' }],
      // Pages, scripts and SVG download as bytes.
      ['text/html', 'png', { type: 'application/octet-stream', inline: false, ext: 'png' }],
      ['text/html', 'html', { type: 'application/octet-stream', inline: false, ext: 'bin' }],
      ['image/svg+xml', 'svg', { type: 'application/octet-stream', inline: false, ext: 'bin' }],
      ['text/javascript', 'js', { type: 'application/octet-stream', inline: false, ext: 'bin' }],
      ['application/xhtml+xml', 'glb', { type: 'application/octet-stream', inline: false, ext: 'glb' }],
    ];
    for (const [given, ext, want] of cases) expect([given, ext, servedFile(given, ext)]).toEqual([given, ext, want]);
  });

  it('passes pictures, clips and GLB previews as media, never SVG or a page', () => {
    expect(mediaType('image/jpeg', '/a.jpg')).toBe('image/jpeg');
    expect(mediaType('image/jpg', '/a.jpg')).toBe('image/jpeg');
    expect(mediaType('video/mp4', '/v.mp4')).toBe('video/mp4');
    expect(mediaType('application/octet-stream', '/anim/59.glb')).toBe('model/gltf-binary');
    expect(mediaType('image/svg+xml', '/a.svg')).toBeNull();
    expect(mediaType('application/octet-stream', '/a.svg')).toBeNull();
    expect(mediaType('text/html', '/a.png')).toBeNull();
    expect(mediaType('model/obj', '/a.obj')).toBeNull();
  });
});
