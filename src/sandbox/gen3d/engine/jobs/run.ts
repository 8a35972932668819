import { describeSubject, generateModel } from '../model';
import { bounds, size as sizeOf, weld } from '../mesh/soup';
import { decodeImage } from '../mesh/image';
import { readModel, declaredGlbFaces } from '../mesh/io';
import { looksBipedal } from '../mesh/resize';
import { modelFromPictures } from '../mesh/silhouette';
import { makePictures } from '../mesh/pictures';
import { styleTextures, planarUvs } from '../mesh/retexture';
import { runPostJob } from './post';
import type { JobLimits } from './limits';
import { Output } from './output';
import type { Job, JobResult } from './types';

/** Runs one job (in the worker thread), reading its inputs within `limits`. */
export async function runJob(job: Job, dir: string, limits: JobLimits): Promise<JobResult> {
  const out = new Output(dir, limits);
  switch (job.kind) {
    case 'text3d': {
      const formats = job.formats.filter((f): f is 'obj' | 'stl' | '3mf' => f === 'obj' || f === 'stl' || f === '3mf');
      const m = await generateModel({ prompt: job.prompt, stage: job.stage, enablePbr: job.enablePbr, hdTexture: job.hdTexture, poseMode: job.poseMode }, formats);
      out.put('glb', 'model.glb', m.glb);
      for (const [format, bytes] of Object.entries(m.formats)) out.put(format, `model.${format}`, bytes);
      out.put('thumbnail', 'thumbnail.png', m.thumbnailPng);
      for (const [channel, bytes] of Object.entries(m.textures)) if (bytes) out.put(`texture_${channel}`, `texture_${channel}.png`, bytes);
      const soup = await readModel(m.glb);
      out.result.meta = { face_count: m.faceCount, vertex_count: soup.positions.length / 3, humanoid: ['humanoid', 'robot'].includes(describeSubject(job.prompt)) || looksBipedal(soup) };
      return out.result;
    }
    case 'image3d': {
      const pictures = await Promise.all(job.images.map(async (p) => decodeImage(out.input(p), 256)));
      const { soup, coverage } = await modelFromPictures(pictures);
      const texture = await styleTextures({ image: out.input(job.images[0]!) }, job.pbr);
      const textured = job.texture;
      const views = !!job.views;
      await out.model(soup, job.formats, textured ? { baseColorPng: texture.baseColor, metallicRoughnessPng: texture.metallicRoughness ?? null, normalPng: texture.normal ?? null, texture: texture.preview, views } : { roughness: 0.8, views });
      if (textured) {
        out.put('texture_base_color', 'texture_base_color.png', texture.baseColor);
        for (const ch of ['metallic', 'roughness', 'normal'] as const) if (texture[ch]) out.put(`texture_${ch}`, `texture_${ch}.png`, texture[ch]);
      }
      out.result.meta.humanoid = looksBipedal(soup);
      out.facts({ coverage, size: sizeOf(bounds(soup.positions)) });
      return out.result;
    }
    case 'retexture': {
      const source = await out.inputModel(job.model);
      const soup = { ...source, uvs: source.uvs ?? planarUvs(source), colors: null };
      const tex = await styleTextures({ image: job.styleImage ? out.input(job.styleImage) : null, text: job.styleText }, job.pbr);
      await out.model(soup, job.formats, { baseColorPng: tex.baseColor, metallicRoughnessPng: tex.metallicRoughness ?? null, normalPng: tex.normal ?? null, texture: tex.preview });
      out.put('texture_base_color', 'texture_base_color.png', tex.baseColor);
      for (const ch of ['metallic', 'roughness', 'normal'] as const) if (tex[ch]) out.put(`texture_${ch}`, `texture_${ch}.png`, tex[ch]);
      out.facts({ style: job.styleImage ? 'image' : 'text' });
      return out.result;
    }
    case 'pictures': {
      const images = await makePictures({ prompt: job.prompt, multiView: job.multiView, pose: job.pose, aspect: job.aspect, references: job.references.map((p) => out.input(p)) });
      images.forEach((png, i) => out.put(`image_${i}`, `image_${i}.png`, png));
      return out.result;
    }
    case 'inspect': {
      const bytes = out.input(job.model);
      const declared = declaredGlbFaces(bytes);
      const soup = await out.parseModel(bytes);
      const faces = Math.max(declared ?? 0, soup.indices.length / 3);
      out.result.meta = { face_count: faces, vertex_count: weld(soup).soup.positions.length / 3, humanoid: looksBipedal(soup) };
      return out.result;
    }
    default:
      return runPostJob(job, out);
  }
}
