import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/shell/shell';
import { Panel } from '../../components/ui/card';
import { Lookup, RadarPanel } from '../../features/social/components/workflows/lookup';

export const Route = createFileRoute('/social/lookup')({
  component: LookupPage,
});

function LookupPage() {
  return (
    <>
      <PageHeader title="Lookup and radar" description="Posts and users by id, lists, communities and articles; topics rising across sources." />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-2">
        <Panel title="Look up">
          <Lookup />
        </Panel>
        <Panel title="Radar" flush>
          <RadarPanel />
        </Panel>
      </div>
    </>
  );
}
