import type { Vector3 } from 'three';

/** One camera of a linked group: moves to where another was moved. */
export type LinkedCamera = { follow(position: Vector3, target: Vector3): void };

/**
 * Keeps several viewers' cameras together (the A/B compare): when a person orbits, zooms or pans
 * one, the others take the same position and target.
 */
export class CameraLink {
  private readonly members = new Set<LinkedCamera>();

  join(member: LinkedCamera): () => void {
    this.members.add(member);
    return () => this.members.delete(member);
  }

  publish(from: LinkedCamera, position: Vector3, target: Vector3): void {
    for (const member of this.members) if (member !== from) member.follow(position, target);
  }
}
