import { isOwnPath } from '../../../../contracts/own-path';
import { prefetchModel } from './viewer/model-bytes';

/*
 * A finished task's page, as the server sends it, names the model files the viewer will show
 * (`<script type="application/json" id="triptych-model-files">`) and runs this module at once, on
 * its own: the download starts, in a worker, while the app's code is still arriving, instead of
 * after the app has started. The task route imports it too, so it runs once per page either way.
 * It imports nothing of the app (no framework chunk to wait for), so the list is checked by hand:
 * at most 8 of the console's own paths, each under 2,000 characters.
 */
const ELEMENT_ID = 'triptych-model-files';

function carriedFiles(): string[] {
  const element = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID);
  if (!element?.textContent) return [];
  element.remove();
  try {
    const list: unknown = JSON.parse(element.textContent);
    if (!Array.isArray(list) || list.length > 8) return [];
    return list.filter((src): src is string => typeof src === 'string' && src.length < 2000 && isOwnPath(src));
  } catch {
    return [];
  }
}

for (const src of carriedFiles()) prefetchModel(src);
