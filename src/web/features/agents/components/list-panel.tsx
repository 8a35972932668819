import type { ComponentProps, ReactNode } from 'react';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';

/** A titled card whose list runs edge to edge (Panel pads its body). */
export function ListPanel({ title, aside, children, ...props }: Omit<ComponentProps<'section'>, 'title'> & { title: string; aside?: ReactNode }) {
  return (
    <Card {...props}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {aside}
      </CardHeader>
      {children}
    </Card>
  );
}
