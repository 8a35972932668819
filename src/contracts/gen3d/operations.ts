import type { ZodMiniType } from 'zod/mini';
import type { Spend } from '../routes';
import type { Product } from './ids';
import { animationFiles, imageFiles, modelFiles, motionFiles, rigFiles, texturedModelFiles } from './output-fields';
import { creditRange, fixedCredits, imageTo3dCharge, imageToImagePrice, textTo3dPrice, textToImagePrice } from './prices';
import * as req from './requests';
import type { Gen3dTaskType } from './task-types';

/**
 * Every task operation of the 3D service, once, keyed by the task type it makes (the record's
 * `type`, task-types.ts): its path, request schema, price, output files, the sandbox's run time and
 * limits, and what the New task form says of it. The route table (routes.ts), the output files
 * (outputs.ts), the sandbox's handlers and the web's forms all read this table; the layers' own
 * maps (the sandbox's jobs, the forms' layouts) are keyed by the same task type and typed so that a
 * type missing from one fails to compile. To add an operation: its entry here, its type in
 * task-types.ts, its handler in the sandbox and its form layout in the web.
 */

/** Where the New task area lists a form. */
export const formGroups = ['Generate', 'Post-process', 'Animate', 'Images', 'Products', 'Print'] as const;
export type FormGroup = (typeof formGroups)[number];

/** What the New task area shows of an operation; its layout (React) is the web's (kind-forms.tsx). */
export type OperationForm = {
  /** Its page: `/3d/new/{slug}`. */
  readonly slug: string;
  readonly label: string;
  readonly group: FormGroup;
  /** One sentence on what it makes. */
  readonly summary: string;
  /** Takes a model by `input_task_id` or `model_url` (shown as one "Model" field). */
  readonly modelSource: boolean;
  /** The other body fields the form sends, with the label an error about one names it by. */
  readonly fields: Readonly<Record<string, string>>;
};

type Common = {
  /** The route table's name of the operation: ids `{route}.create`, `.list`, `.get`, `.stream`, `.delete` (the spend ledger records them). */
  readonly route: string;
  /** Text to 3D: the `mode` that makes this type on the shared path (the first entry of a path is its default). */
  readonly mode?: string;
  readonly spend: Spend;
  /** What the sandbox charges where the price is a range (else the range's upper end, which the spend guard counted). */
  readonly charge?: (body: Readonly<Record<string, unknown>>) => number;
  /** Takes images or models as data URIs (a larger body). */
  readonly dataUris?: boolean;
  /** The record's output files (output-fields.ts). */
  readonly outputs: readonly string[];
  /** The sandbox's run time at SANDBOX_SPEED=1, in ms. */
  readonly duration: number;
  /** The document's limits on the source model, which the sandbox enforces and the console checks before sending. */
  readonly limits?: { readonly maxFaces: number; readonly glbOnly?: boolean };
  /** Its New task form; null for text to 3D (the queue page's own form). */
  readonly form: OperationForm | null;
};
/** An operation on one path. */
export type SinglePathOperation = Common & { readonly what: string; readonly path: string; readonly body: ZodMiniType };
/** A creative-lab operation: one path per product. */
export type ProductOperation = Common & { readonly what: (p: Product) => string; readonly path: (p: Product) => string; readonly body: (p: Product) => ZodMiniType };
export type Gen3dOperation = SinglePathOperation | ProductOperation;

const modelForm = (slug: string, label: string, group: FormGroup, summary: string, fields: Record<string, string> = {}): OperationForm => ({ slug, label, group, summary, modelSource: true, fields });
const form = (slug: string, label: string, group: FormGroup, summary: string, fields: Record<string, string>): OperationForm => ({ slug, label, group, summary, modelSource: false, fields });
const image3dFields = { ai_model: 'AI model', should_texture: 'Texture the model', enable_pbr: 'PBR maps', pose_mode: 'Pose', target_formats: 'Formats' };
const imageModelFields = { prompt: 'Prompt', ai_model: 'Image model', generate_multi_view: 'Multi-view', aspect_ratio: 'Aspect ratio' };
const textTo3dPath = '/openapi/v2/text-to-3d';
/** The path of a creative-lab step of a product (not in ids.ts: the first page loads that one). */
export const creativeLab = (product: Product, step: 'prototype' | 'build') => `/openapi/creative-lab/${product}/v1/${step}`;

export const gen3dOperations = {
  'text-to-3d-preview': { route: 'textTo3d', mode: 'preview', what: 'a text-to-3D task', path: textTo3dPath, body: req.TextTo3dRequest, spend: textTo3dPrice, dataUris: true, outputs: texturedModelFiles, duration: 20_000, form: null },
  'text-to-3d-refine': { route: 'textTo3d', mode: 'refine', what: 'a text-to-3D task', path: textTo3dPath, body: req.TextTo3dRequest, spend: textTo3dPrice, dataUris: true, outputs: texturedModelFiles, duration: 30_000, form: null },
  'image-to-3d': {
    route: 'imageTo3d', what: 'an image-to-3D task', path: '/openapi/v1/image-to-3d', body: req.ImageTo3dRequest, spend: creditRange(5, 30), charge: imageTo3dCharge, dataUris: true, outputs: texturedModelFiles, duration: 25_000,
    form: form('image-to-3d', 'Image to 3D', 'Generate', 'A textured model from one picture.', { image_url: 'Picture', input_task_id: 'Image task', ...image3dFields }),
  },
  'multi-image-to-3d': {
    route: 'multiImageTo3d', what: 'a multi-image-to-3D task', path: '/openapi/v1/multi-image-to-3d', body: req.MultiImageTo3dRequest, spend: creditRange(5, 30), charge: imageTo3dCharge, dataUris: true, outputs: texturedModelFiles, duration: 30_000,
    form: form('multi-image-to-3d', 'Multi-image to 3D', 'Generate', 'A model from 1 to 4 pictures of one subject.', { image_urls: 'Pictures', input_task_id: 'Image task', ...image3dFields }),
  },
  retexture: {
    route: 'retexture', what: 'a retexture task', path: '/openapi/v1/retexture', body: req.RetextureRequest, spend: fixedCredits(10), dataUris: true, outputs: texturedModelFiles, duration: 20_000,
    form: modelForm('retexture', 'Retexture', 'Post-process', 'New textures on a model, from a text or image style.', { text_style_prompt: 'Text style', image_style_url: 'Image style', enable_pbr: 'PBR maps', enable_original_uv: 'Original UVs', target_formats: 'Formats' }),
  },
  remesh: {
    route: 'remesh', what: 'a remesh task', path: '/openapi/v1/remesh', body: req.RemeshRequest, spend: fixedCredits(5), dataUris: true, outputs: texturedModelFiles, duration: 15_000,
    form: modelForm('remesh', 'Remesh', 'Post-process', 'A new mesh at a target polycount, quads or triangles.', { topology: 'Topology', target_polycount: 'Target polycount', target_formats: 'Formats' }),
  },
  convert: {
    route: 'convert', what: 'a convert task', path: '/openapi/v1/convert', body: req.ConvertRequest, spend: fixedCredits(1), dataUris: true, outputs: modelFiles, duration: 6_000,
    form: modelForm('convert', 'Convert', 'Post-process', 'The model in other file formats.', { target_formats: 'Formats' }),
  },
  resize: {
    route: 'resize', what: 'a resize task', path: '/openapi/v1/resize', body: req.ResizeRequest, spend: fixedCredits(1), dataUris: true, outputs: modelFiles, duration: 5_000,
    form: modelForm('resize', 'Resize', 'Post-process', 'The model scaled to metres, its origin moved.', { resize_height: 'Height', resize_longest_side: 'Longest side', auto_size: 'Automatic size', origin_at: 'Origin' }),
  },
  'uv-unwrap': {
    route: 'uvUnwrap', what: 'a UV unwrap task', path: '/openapi/v1/uv-unwrap', body: req.UvUnwrapRequest, spend: fixedCredits(5), dataUris: true, outputs: texturedModelFiles, duration: 10_000,
    limits: { maxFaces: 40_000, glbOnly: true },
    form: modelForm('uv-unwrap', 'UV unwrap', 'Post-process', 'Non-overlapping UVs for a GLB of at most 40,000 faces.'),
  },
  rig: {
    route: 'rigging', what: 'a rigging task', path: '/openapi/v1/rigging', body: req.RiggingRequest, spend: fixedCredits(5), dataUris: true, outputs: rigFiles, duration: 20_000,
    limits: { maxFaces: 300_000 },
    form: modelForm('rigging', 'Rigging', 'Animate', 'A skeleton for a humanoid character, with walking and running clips.', { height_meters: 'Height' }),
  },
  animate: {
    route: 'animation', what: 'an animation task', path: '/openapi/v1/animations', body: req.AnimationRequest, spend: fixedCredits(3), outputs: animationFiles, duration: 12_000,
    form: form('animation', 'Animation', 'Animate', 'A clip of the animation library on a rigged character.', { rig_task_id: 'Rigging task', action_id: 'Action' }),
  },
  'text-to-image': {
    route: 'textToImage', what: 'a text-to-image task', path: '/openapi/v1/text-to-image', body: req.TextToImageRequest, spend: textToImagePrice, outputs: imageFiles, duration: 8_000,
    form: form('text-to-image', 'Text to image', 'Images', 'Pictures from a prompt, one view or several.', { ...imageModelFields, pose_mode: 'Pose' }),
  },
  'image-to-image': {
    route: 'imageToImage', what: 'an image-to-image task', path: '/openapi/v1/image-to-image', body: req.ImageToImageRequest, spend: imageToImagePrice, dataUris: true, outputs: imageFiles, duration: 10_000,
    form: form('image-to-image', 'Image to image', 'Images', 'A picture from a prompt and reference pictures.', { ...imageModelFields, reference_image_urls: 'References' }),
  },
  // Analysis answers `printability`, no file.
  'print-analyze': {
    route: 'printAnalyze', what: 'a print analysis task', path: '/openapi/v1/print/analyze', body: req.PrintSourceRequest, spend: fixedCredits(0), dataUris: true, outputs: [], duration: 5_000,
    form: modelForm('print-analyze', 'Print analysis', 'Print', 'Watertightness, volume, holes and bad edges of a model. Free.'),
  },
  // Repair outputs the input's format, geometry only.
  'print-repair': {
    route: 'printRepair', what: 'a print repair task', path: '/openapi/v1/print/repair', body: req.PrintSourceRequest, spend: fixedCredits(10), dataUris: true, outputs: modelFiles, duration: 10_000,
    form: modelForm('print-repair', 'Print repair', 'Print', 'A watertight GLB, geometry only.'),
  },
  // 3MF in model_urls.3mf.
  'print-multi-color': {
    route: 'printMultiColor', what: 'a multi-color print task', path: '/openapi/v1/print/multi-color', body: req.PrintMultiColorRequest, spend: fixedCredits(10), dataUris: true, outputs: modelFiles, duration: 15_000,
    form: modelForm('print-multi-color', 'Multi-color print', 'Print', 'A 3MF with up to 16 colours.', { max_colors: 'Colours', max_depth: 'Depth' }),
  },
  // The prototype's pictures in `image_urls` (its input picture is `image_url`, never fetched).
  'creative-lab-prototype': {
    route: 'prototype', what: (p: Product) => `a ${p} prototype task`, path: (p: Product) => creativeLab(p, 'prototype'), body: (p: Product) => (p === 'lamp' ? req.LampPrototypeRequest : req.PrototypeRequest),
    spend: fixedCredits(6), dataUris: true, outputs: [...texturedModelFiles, 'image_urls.*'], duration: 10_000,
    form: form('prototype', 'Product prototype', 'Products', 'A figure, lamp, keychain or fridge magnet prototype from a picture (a lamp also from text).', { image_url: 'Picture', text: 'Text', name: 'Name', remove_background: 'Remove background' }),
  },
  'creative-lab-build': {
    route: 'build', what: (p: Product) => `a ${p} build task`, path: (p: Product) => creativeLab(p, 'build'), body: () => req.BuildRequest, spend: fixedCredits(30), outputs: texturedModelFiles, duration: 25_000,
    form: form('build', 'Product build', 'Products', 'The printable build of a succeeded prototype.', { input_task_id: 'Prototype task', name: 'Name' }),
  },
  /** The CLI's text-to-motion (neither the document nor the live-service notes (docs/live-services.md#3d-generation--official-clients) name it, nor its price: an animation's 3 credits is assumed). */
  'text-to-motion': {
    route: 'textToMotion', what: 'a text-to-motion task', path: '/openapi/v1/text-to-motion', body: req.TextToMotionRequest, spend: fixedCredits(3), outputs: motionFiles, duration: 12_000,
    form: form('text-to-motion', 'Text to motion', 'Animate', 'A motion clip (BVH) acted out from a prompt, 2 to 10 seconds long.', { prompt: 'Prompt', mode: 'Mode', duration: 'Duration' }),
  },
} as const satisfies Record<Gen3dTaskType, Gen3dOperation>;

export type Gen3dOperations = typeof gen3dOperations;
/** The task types with a New task form (all but text to 3D). */
export type FormTaskType = { [T in Gen3dTaskType]: Gen3dOperations[T]['form'] extends null ? never : T }[Gen3dTaskType];

/** An operation by task type, as its general shape. */
export const operationOf = (type: Gen3dTaskType): Gen3dOperation => gen3dOperations[type];

export const isProductOperation = (op: Gen3dOperation): op is ProductOperation => typeof op.path === 'function';

/** The create path of an operation (for a product's). */
export const pathOf = (op: Gen3dOperation, product: Product = 'figure'): string => (isProductOperation(op) ? op.path(product) : op.path);
