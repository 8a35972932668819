import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerTask } from '../../../../contracts/bff';
import { gen3dOps } from '../../../../contracts/gen3d/routes';
import { TaskFacts } from './task-facts';

afterEach(cleanup);

const task = (createPath: string, request: Record<string, unknown>, over: Record<string, unknown>) =>
  LedgerTask.parse({
    id: 't-1',
    service: 'gen3d',
    createPath,
    mode: 'sandbox',
    parentId: null,
    request,
    createdAt: 1_000,
    updatedAt: 5_000,
    archived: true,
    task: { id: 't-1', status: 'SUCCEEDED', progress: 100, consumed_credits: 5, ...over },
    watch: { active: false, lastError: null, nextCheckAt: null },
  });
const labels = () => screen.getAllByRole('term').map((t) => t.textContent);

describe("a task's details", () => {
  it('give a rig no AI model, pose or HD texture it was not made with', () => {
    render(<TaskFacts task={task(gen3dOps['rigging.create'].path, { input_task_id: 't-0', height_meters: 1.8 }, { type: 'rig' })} />);
    expect(labels()).not.toContain('AI model');
    expect(labels()).not.toContain('Pose');
    expect(labels()).not.toContain('HD texture');
    expect(labels()).toContain('Credits spent');
  });

  it("give a preview its AI model, pose and HD texture (the service's defaults when unsaid)", () => {
    render(<TaskFacts task={task(gen3dOps['textTo3d.create'].path, { mode: 'preview', prompt: 'a chair' }, { type: 'text-to-3d-preview', hd_texture: false })} />);
    expect(screen.getByText('AI model').nextSibling?.textContent).toBe('latest');
    expect(screen.getByText('Pose').nextSibling?.textContent).toBe('none');
    expect(screen.getByText('HD texture').nextSibling?.textContent).toBe('no');
  });

  it('give an image to 3D task the AI model it asked for', () => {
    render(<TaskFacts task={task(gen3dOps['imageTo3d.create'].path, { image_url: 'data:image/png;base64,AA', ai_model: 'model-5' }, { type: 'image-to-3d' })} />);
    expect(screen.getByText('AI model').nextSibling?.textContent).toBe('model-5');
  });
});
