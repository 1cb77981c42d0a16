import type { LucideIcon } from 'lucide-react';

/** The banner that opens a hub: a big faint icon, the hub's promise and one line of detail. */
export function HubHero({
  icon: Icon,
  tint,
  title,
  text,
}: {
  icon: LucideIcon;
  /** The gradient's starting colour, one per hub (Tailwind `from-…` class). */
  tint: string;
  title: string;
  text: string;
}) {
  return (
    <section
      className={`relative overflow-hidden rounded-3xl border border-line bg-gradient-to-br ${tint} via-surface to-surface p-5`}
    >
      <Icon className="absolute -right-4 -bottom-4 size-32 text-white/5" aria-hidden />
      <p className="font-display text-2xl leading-tight font-black uppercase">{title}</p>
      <p className="mt-1 text-sm text-muted">{text}</p>
    </section>
  );
}
