import { useNavigation } from 'react-router';

/** A thin bar while the next route's chunk or data loads, so a tap always answers at once. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-[90] h-0.5 overflow-hidden"
      role="progressbar"
      aria-label="Loading"
    >
      <div className="nav-progress h-full w-1/3 bg-accent" />
    </div>
  );
}
