import { expect, type Locator, type Page } from '@playwright/test';

type ViewerHook = { status: string; stats: { triangles: number; textures: number } | null; frames: number; textureChannels: string[] };

/** A task's page: the viewer, its figures, downloads and refine. */
export class TaskPage {
  readonly canvas: Locator;

  constructor(readonly page: Page) {
    this.canvas = page.getByTestId('model-canvas').locator('canvas');
  }

  /** The task's status badge in the page header (a live region). */
  get status(): Locator {
    return this.page.getByRole('status', { name: 'Task status' });
  }

  viewer(): Promise<ViewerHook | null> {
    return this.page.evaluate(() => (window as unknown as { __e2e?: { viewer?: ViewerHook } }).__e2e?.viewer ?? null);
  }

  /** Waits until the viewer has loaded the model and drawn it in its final lighting (it renders on demand). */
  async waitForModel() {
    await expect.poll(async () => (await this.viewer())?.status, { timeout: 30_000 }).toBe('ready');
    await expect.poll(async () => (await this.viewer())?.frames ?? 0).toBeGreaterThan(0);
    await expect(this.page.getByTestId('model-canvas')).toHaveAttribute('data-lit', 'true', { timeout: 60_000 });
  }

  /**
   * Reads the WebGL canvas and measures what is drawn: the share of pixels that differ from the
   * background corner, and how many distinct colours they have (a texture gives many).
   */
  async canvasPixels(): Promise<{ covered: number; colours: number; width: number; height: number; hues: { red: number; green: number; blue: number } }> {
    return this.canvas.evaluate((el) => {
      const canvas = el as HTMLCanvasElement;
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(canvas, 0, 0);
      const { data } = ctx.getImageData(0, 0, copy.width, copy.height);
      const bg = [data[0], data[1], data[2]];
      let covered = 0;
      const colours = new Set<number>();
      const hues = { red: 0, green: 0, blue: 0 };
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
        if (r > g + 50 && r > b + 50) hues.red++;
        else if (g > r + 50 && g > b + 30) hues.green++;
        else if (b > r + 50 && b > g + 10) hues.blue++;
      }
      for (let i = 0; i < data.length; i += 16) {
        const r = data[i] as number;
        const g = data[i + 1] as number;
        const b = data[i + 2] as number;
        if (Math.abs(r - (bg[0] as number)) + Math.abs(g - (bg[1] as number)) + Math.abs(b - (bg[2] as number)) > 40) {
          covered++;
          colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
        }
      }
      const n = data.length / 4;
      return { covered: covered / (data.length / 16), colours: colours.size, width: copy.width, height: copy.height, hues: { red: hues.red / n, green: hues.green / n, blue: hues.blue / n } };
    });
  }

  /** Shares of the canvas's pixels that are clearly red, green or blue (a texture's colours, a material's). */
  async canvasHues(): Promise<{ red: number; green: number; blue: number }> {
    return (await this.canvasPixels()).hues;
  }

  async refine(opts: { pbr: boolean }) {
    const form = this.page.getByRole('form', { name: 'Refine this preview' });
    const pbr = form.getByLabel('PBR maps (metallic, roughness, normal)');
    if (opts.pbr) await pbr.check();
    else await pbr.uncheck();
    await form.getByRole('button', { name: 'Refine' }).click();
  }
}
