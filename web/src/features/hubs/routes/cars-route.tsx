/** The cars (/cars) (placeholder until the screen is built). */
export default function CarsRoute() {
  return <main className="p-4">The cars (/cars)</main>;
}
