import { readFileSync } from 'node:fs';
import { composeModel } from '../model/compose';
import { analyzePrintability } from '../mesh/analyze';
import { writeObj } from '../mesh/formats';
import { detectFormat } from '../mesh/io';
import { encodeRgbaPng } from '../mesh/image';
import { soupThumbnail } from '../mesh/render';
import { multiColor } from '../mesh/multicolor';
import { makePictures } from '../mesh/pictures';
import { buildProduct, cutOut, type ProductName } from '../mesh/products';
import { remesh } from '../mesh/remesh';
import { repairMesh } from '../mesh/repair';
import { resize } from '../mesh/resize';
import { bounds, size as sizeOf, type Soup } from '../mesh/soup';
import { unwrapUvs } from '../mesh/uv';
import { actionById, actionForPrompt, running, walking } from '../rig/clips';
import { BVH_FPS, writeBvh } from '../rig/bvh';
import { rigFromJson, rigToJson, writeRigGlb } from '../rig/glb';
import { fitRig } from '../rig/skeleton';
import { concat } from '../mesh/soup';
import type { Output } from './output';
import type { Job, JobResult } from './types';

const metres = (soup: Soup) => sizeOf(bounds(soup.positions)).map((v) => Number(v.toFixed(4)));

/** Post-processing, print, rig and creative-lab jobs. */
export async function runPostJob(job: Exclude<Job, { kind: 'text3d' | 'image3d' | 'retexture' | 'pictures' | 'inspect' }>, out: Output): Promise<JobResult> {
  switch (job.kind) {
    case 'remesh': {
      const source = await out.inputModel(job.model);
      const target = job.target ?? Math.max(100, Math.min(300_000, Math.round(source.indices.length / 3 / 2)));
      const r = await remesh(source, target, job.topology);
      const soup = job.resize ? resize(r.soup, job.resize).soup : r.soup;
      await out.model(soup, job.formats.filter((f) => f !== 'obj'), { faces: r.faces });
      if (job.formats.includes('obj')) out.put('obj', 'model.obj', writeObj(soup, r.quads));
      out.facts({ topology: job.topology, quads: r.quads?.length ?? 0, triangles: soup.indices.length / 3, target });
      return out.result;
    }
    case 'convert': {
      const soup = await out.inputModel(job.model);
      await out.model(soup, job.formats);
      return out.result;
    }
    case 'resize': {
      const source = await out.inputModel(job.model);
      const r = resize(source, job.ask);
      await out.model(r.soup, ['glb']);
      out.facts({ size_m: metres(r.soup), scale: r.scale, origin_at: job.ask.origin ?? 'bottom' });
      return out.result;
    }
    case 'uv': {
      const soup = await unwrapUvs(await out.inputModel(job.model));
      await out.model(soup, ['glb']);
      return out.result;
    }
    case 'rig': {
      const rig = fitRig(await out.inputModel(job.model), job.height);
      out.put('rigged_glb', 'rigged.glb', await writeRigGlb(rig));
      for (const [name, motion] of [['walking', walking], ['running', running]] as const) {
        const clip = { name: name === 'walking' ? 'Walking' : 'Running', motion };
        out.put(`${name}_glb`, `${name}.glb`, await writeRigGlb(rig, { clip }));
        out.put(`${name}_armature_glb`, `${name}_armature.glb`, await writeRigGlb(rig, { clip, armatureOnly: true }));
      }
      out.keep('rig', 'rig.json', rigToJson(rig));
      out.result.meta = { face_count: rig.soup.indices.length / 3, vertex_count: rig.soup.positions.length / 3, humanoid: true, facts: { joints: rig.joints.map((j) => j.name), clips: ['Walking', 'Running'], height_m: job.height } };
      return out.result;
    }
    case 'animate':
    case 'library': {
      const action = actionById(job.actionId);
      if (!action) throw new Error(`No action ${job.actionId} in the library.`);
      const rig = job.kind === 'animate' ? rigFromJson(readFileSync(job.rig, 'utf8')) : fitRig((await stockRig()), 1.7);
      out.put('animation_glb', 'animation.glb', await writeRigGlb(rig, { clip: { name: action.name, motion: action.motion } }));
      out.result.meta.facts = { clip: action.name, action_id: action.id };
      return out.result;
    }
    case 'motion': {
      // The prompt's words pick the library action it acts out, on the stock rig, for the asked duration.
      const action = actionForPrompt(job.prompt);
      const rig = fitRig(await stockRig(), 1.7);
      out.put('motion', 'motion.bvh', new TextEncoder().encode(writeBvh(rig, action.motion, job.duration)));
      out.put('thumbnail', 'thumbnail.png', soupThumbnail(rig.soup));
      out.result.meta.facts = { clip: action.name, action_id: action.id, duration: job.duration, fps: BVH_FPS, joints: rig.joints.length };
      return out.result;
    }
    case 'analyze': {
      out.result.meta.printability = analyzePrintability(await out.inputModel(job.model), Date.now());
      return out.result;
    }
    case 'repair': {
      const bytes = out.input(job.model);
      const format = detectFormat(bytes) ?? 'glb';
      const r = await repairMesh(await out.parseModel(bytes));
      await out.model(r.soup, [format]);
      if (format !== 'glb') out.result.files.primary = format;
      out.facts({ method: r.method, holes_filled: r.holesFilled, format });
      return out.result;
    }
    case 'multicolor': {
      const soup = await out.inputModel(job.model);
      const m = multiColor(soup, job.maxColors);
      out.put('3mf', 'model.3mf', m.threemf);
      out.put('thumbnail', 'thumbnail.png', soupThumbnail(soup));
      out.result.meta = { face_count: soup.indices.length / 3, vertex_count: soup.positions.length / 3, facts: { colors: m.palette.length } };
      return out.result;
    }
    case 'prototype': {
      const picture = job.image ? out.input(job.image) : (await makePictures({ prompt: job.text ?? 'a lamp', multiView: false }))[0]!;
      const subject = await cutOut(picture, job.removeBackground);
      out.put('image_0', 'prototype.png', subject);
      return out.result;
    }
    case 'build': {
      const { soup, texture } = await buildProduct(job.product as ProductName, out.input(job.subject));
      await out.model(soup, ['glb', 'stl', 'obj'], { texture, baseColorPng: await encodeRgbaPng(texture) });
      out.facts({ size_m: metres(soup) });
      return out.result;
    }
  }
}


/** The stock rig of the library previews: the sandbox's own person in a T-pose. */
async function stockRig(): Promise<Soup> {
  const model = composeModel({ prompt: 'a person', poseMode: 't-pose' });
  const soup = concat(model.groups.map((g) => ({ positions: g.positions, indices: g.indices, uvs: null, colors: new Float32Array(g.positions.length).map((_, i) => g.material.color[i % 3]!) })));
  return soup;
}
