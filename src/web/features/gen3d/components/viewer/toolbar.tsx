import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/field';
import { channelSlots, type ChannelView } from './types';

const channelNames: Record<ChannelView, string> = {
  lit: 'Shaded',
  map: 'Base colour',
  normalMap: 'Normal',
  roughnessMap: 'Roughness',
  metalnessMap: 'Metallic',
};

export type ToolbarProps = {
  disabled: boolean;
  wireframe: boolean;
  onWireframe: (on: boolean) => void;
  autoRotate: boolean;
  onAutoRotate: (on: boolean) => void;
  onResetView: () => void;
  onScreenshot: () => void;
  capturing: boolean;
  /** Map slots the model has; the channel select only appears when one of them can be shown. */
  textureChannels: readonly string[];
  channel: ChannelView;
  onChannel: (view: ChannelView) => void;
};

export function Toolbar(p: ToolbarProps) {
  const views = channelSlots.filter((slot) => p.textureChannels.includes(slot));
  return (
    <div role="group" aria-label="Viewer controls" className="flex flex-wrap items-center gap-2">
      <Button aria-pressed={p.wireframe} disabled={p.disabled} onClick={() => p.onWireframe(!p.wireframe)}>
        Wireframe
      </Button>
      <Button aria-pressed={p.autoRotate} disabled={p.disabled} onClick={() => p.onAutoRotate(!p.autoRotate)}>
        Auto-rotate
      </Button>
      <Button disabled={p.disabled} onClick={p.onResetView}>
        Reset view
      </Button>
      <Button disabled={p.disabled || p.capturing} onClick={p.onScreenshot}>
        Screenshot
      </Button>
      {views.length > 0 ? (
        <label className="ml-auto flex items-center gap-2 text-sm whitespace-nowrap text-muted">
          Texture view
          <Select className="w-36" value={p.channel} disabled={p.disabled} onChange={(e) => p.onChannel(e.target.value as ChannelView)}>
            {(['lit', ...views] as const).map((view) => (
              <option key={view} value={view}>
                {channelNames[view]}
              </option>
            ))}
          </Select>
        </label>
      ) : null}
    </div>
  );
}
