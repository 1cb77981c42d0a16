/**
 * The team's cars for /cars (product §1 carousel links there; screen content not shown, so we
 * designed it): fixed demo content like the rewards carousel, numbers kept in one place.
 */
export interface TeamCar {
  id: string;
  /** Model name as painted on the car. */
  model: string;
  season: number;
  /** Livery colours: body and stripe. */
  body: string;
  stripe: string;
  /** i18n key under `cars.roles`. */
  role: 'race' | 'previous' | 'heritage';
  specs: { powerKw: number; weightKg: number; topSpeedKmh: number; wins: number };
}

export const TEAM_CARS: TeamCar[] = [
  {
    id: 'pdk-26',
    model: 'PDK-26',
    season: 2026,
    body: '#e10600',
    stripe: '#00d2be',
    role: 'race',
    specs: { powerKw: 750, weightKg: 768, topSpeedKmh: 350, wins: 2 },
  },
  {
    id: 'pdk-25',
    model: 'PDK-25',
    season: 2025,
    body: '#1e2230',
    stripe: '#e10600',
    role: 'previous',
    specs: { powerKw: 735, weightKg: 800, topSpeedKmh: 345, wins: 4 },
  },
  {
    id: 'pdk-88',
    model: 'PDK-88',
    season: 1988,
    body: '#f5f6fa',
    stripe: '#e10600',
    role: 'heritage',
    specs: { powerKw: 480, weightKg: 540, topSpeedKmh: 320, wins: 9 },
  },
];
