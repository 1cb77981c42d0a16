import { Skeleton } from './skeleton.tsx';

/** A screen-sized placeholder while a route or the fan loads, shaped like a typical screen. */
export function PageSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 p-4" aria-busy="true">
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}
