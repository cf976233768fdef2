import type { ReactNode } from 'react';
import { SkeletonText } from './States.tsx';

/**
 * A header's facts as label and value pairs (`League NHL`, `Capacity 6,560`): a dash for a missing value, a
 * grey line while the record loads. `className` adds to the `facts` row's class.
 */
export function Facts(props: {
  items: readonly (readonly [string, ReactNode])[];
  loading?: boolean;
  className?: string;
}) {
  return (
    <dl className={props.className ? `facts ${props.className}` : 'facts'}>
      {props.items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{props.loading ? <SkeletonText width="s" /> : (value ?? '—')}</dd>
        </div>
      ))}
    </dl>
  );
}
