import type { ReceptionMode } from '../../../contracts/agentnet';
import type { Tone } from '../../components/ui/badge';

/** Words and tones the agent pages share. */

export const modeInfo: Record<ReceptionMode, { label: string; hint: string }> = {
  open: { label: 'Open', hint: 'Anyone can push messages to it.' },
  manifest: { label: 'Manifest', hint: 'Senders leave notify-only entries; the agent polls its queue.' },
  allowlist: { label: 'Allowlist', hint: 'Only allowlisted agents and members of a shared subnet can push.' },
  closed: { label: 'Closed', hint: 'It receives no messages.' },
};
export const modeLabel = (mode: string | null) => (mode && mode in modeInfo ? modeInfo[mode as ReceptionMode].label : 'Unknown');

export const deliveryInfo: Record<string, { label: string; hint: string }> = {
  direct: { label: 'Direct', hint: 'Pushed to its A2A endpoint.' },
  relay: { label: 'Relay', hint: 'Pushed over the relay WebSocket; no public URL needed.' },
  none: { label: 'None', hint: 'Nothing is pushed; the agent pulls.' },
};
export const deliveryLabel = (d: string | null) => deliveryInfo[d ?? 'none']?.label ?? d ?? 'None';

export const claimLabel = (c: string) => (c === 'pending_transfer' ? 'Transfer pending' : c === 'unclaimed' ? 'Unclaimed' : c === 'claimed' ? 'Claimed' : c.replace(/_/g, ' '));

/** `a2a_handshake_ok` in words: true, false or null (probe timed out). */
export function handshakeView(ok: boolean | null): { tone: Tone; label: string; detail: string } {
  if (ok === true) return { tone: 'success', label: 'A2A handshake OK', detail: 'The endpoint answered as an A2A JSON-RPC server.' };
  if (ok === false) return { tone: 'warning', label: 'Not an A2A endpoint', detail: 'The host answers but is not an A2A endpoint at that exact URL (it is used verbatim, path included).' };
  return { tone: 'neutral', label: 'Probe timed out', detail: 'The probe timed out: pushes to it may fail. Check the server, then set the endpoint again.' };
}

/** "translation, glossary ,  " → ["translation", "glossary"]. */
export const parseTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

export const isReservedSubnet = (id: string) => id === 'public' || id === 'system';
