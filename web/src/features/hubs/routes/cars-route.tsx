import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header.tsx';
import { TEAM_CARS, type TeamCar } from '../lib/team-cars.ts';

/** /cars: the team's cars — this season's racer, last year's and a heritage car. */
export default function CarsRoute() {
  const { t, i18n } = useTranslation('hubs');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <main className="flex flex-col gap-5 pb-6">
      <PageHeader title={t('cars.title')} />
      <div className="flex flex-col gap-5 px-4">
        <p className="text-muted">{t('cars.intro')}</p>
        {TEAM_CARS.map((car) => (
          <article
            key={car.id}
            className="overflow-hidden rounded-3xl border border-line bg-surface"
            aria-labelledby={`car-${car.id}`}
          >
            <div className="relative bg-[radial-gradient(ellipse_at_bottom,#1e2230,#0b0d12)] px-4 pt-6 pb-2">
              <span className="absolute top-3 left-4 rounded-full bg-black/60 px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase">
                {t(`cars.roles.${car.role}`)}
              </span>
              <CarSilhouette car={car} />
            </div>
            <div className="flex flex-col gap-3 p-4">
              <h2 id={`car-${car.id}`} className="font-display text-2xl font-black">
                {car.model} <span className="text-base font-bold text-muted">· {car.season}</span>
              </h2>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <Spec label={t('cars.power')} value={`${number.format(car.specs.powerKw)} kW`} />
                <Spec label={t('cars.weight')} value={`${number.format(car.specs.weightKg)} kg`} />
                <Spec label={t('cars.topSpeed')} value={`${number.format(car.specs.topSpeedKmh)} km/h`} />
                <Spec label={t('cars.wins')} value={number.format(car.specs.wins)} />
              </dl>
            </div>
          </article>
        ))}
      </div>
    </main>
  );
}

function Spec({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-surface-2 px-3 py-2">
      <dt className="text-xs text-muted uppercase">{label}</dt>
      <dd className="font-display text-lg font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/** A side view drawn in the car's livery (inline SVG: no image request, sharp at any size). */
function CarSilhouette({ car }: { car: TeamCar }) {
  return (
    <svg viewBox="0 0 400 120" className="h-auto w-full" aria-hidden>
      <ellipse cx="200" cy="108" rx="180" ry="6" fill="#000" opacity="0.5" />
      <path
        d="M20 86 L40 70 L120 66 L160 48 L205 44 L230 58 L330 62 L372 52 L382 54 L380 86 Z"
        fill={car.body}
      />
      <path d="M60 74 L330 70 L330 76 L60 80 Z" fill={car.stripe} />
      <path d="M168 50 L200 40 L214 46 L196 56 Z" fill="#0b0d12" />
      <rect x="366" y="36" width="22" height="20" rx="2" fill={car.body} />
      <rect x="12" y="76" width="30" height="8" rx="2" fill={car.body} />
      <circle cx="92" cy="88" r="20" fill="#111" />
      <circle cx="92" cy="88" r="9" fill="#333" />
      <circle cx="318" cy="88" r="20" fill="#111" />
      <circle cx="318" cy="88" r="9" fill="#333" />
    </svg>
  );
}
